package app.chinesecheckers.android

import android.content.ComponentName
import android.content.pm.PackageManager
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.startup.AppInitializer
import androidx.lifecycle.Lifecycle
import androidx.lifecycle.ProcessLifecycleInitializer
import androidx.lifecycle.ProcessLifecycleOwner
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The app runs with its manifest merged with its libraries', as the real build merges them:
 * androidx.startup's one InitializationProvider carries every library's initializer, it is
 * started with the process (AppTestSupport's startManifestProviders, as Android starts it), and
 * what it initialises works — the process's lifecycle follows the Activity on the screen; the
 * package is the application id, the Activity and the Application are the app's own.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class MergedManifestTest {
    @Test
    fun theLibrariesInitializersRunWithTheProcessAndItsLifecycleFollowsTheActivity() = appTest {
        assertEquals("app.chinesecheckers", application.packageName)
        val packages = application.packageManager
        val provider = packages.getProviderInfo(
            ComponentName(application, "androidx.startup.InitializationProvider"),
            PackageManager.GET_META_DATA,
        )
        assertEquals("${application.packageName}.androidx-startup", provider.authority)
        for (initializer in listOf(
            "androidx.lifecycle.ProcessLifecycleInitializer",
            "androidx.emoji2.text.EmojiCompatInitializer",
            "androidx.profileinstaller.ProfileInstallerInitializer",
        )) {
            assertTrue("$initializer in the merged provider", provider.metaData.containsKey(initializer))
        }
        val activity = packages.getActivityInfo(ComponentName(application, MainActivity::class.java), 0)
        assertTrue(activity.exported)
        assertEquals(ChineseCheckersApplication::class.java.name, packages.getApplicationInfo(application.packageName, 0).className)

        // ProcessLifecycleOwner is set up by its initializer only: with the Activity on screen
        // the process is resumed, and it stops (after its own short delay) when the Activity does.
        assertTrue(AppInitializer.getInstance(application).isEagerlyInitialized(ProcessLifecycleInitializer::class.java))
        waitUntil("the process resumed", 5_000) { ProcessLifecycleOwner.get().lifecycle.currentState == Lifecycle.State.RESUMED }
    }
}
