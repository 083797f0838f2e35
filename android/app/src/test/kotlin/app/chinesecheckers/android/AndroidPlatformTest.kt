package app.chinesecheckers.android

import android.app.Application
import android.content.Context
import android.content.Intent
import android.media.AudioManager
import android.os.Build
import android.os.VibrationAttributes
import android.os.VibrationEffect
import android.os.Vibrator
import android.os.VibratorManager
import android.os.vibrator.PrebakedSegment
import android.os.vibrator.VibrationEffectSegment
import android.provider.Settings
import app.chinesecheckers.ui.platform.HapticKind
import org.junit.After
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.robolectric.Shadows.shadowOf
import org.robolectric.shadows.ShadowVibrator
import org.robolectric.util.ReflectionHelpers
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** [AndroidPlatform] against Robolectric's Android 16 framework. */
@RunWith(RobolectricTestRunner::class)
class AndroidPlatformTest {
    private val application: Application = RuntimeEnvironment.getApplication()

    @After
    fun forgetVibrations() {
        // ShadowVibrator keeps its record in static fields.
        ShadowVibrator.reset()
    }

    // --- sound ---------------------------------------------------------------------------------

    @Test
    fun soundFollowsTheRingerAndPlaysWithoutFailing() {
        val platform = AndroidPlatform(application)
        val audio = application.getSystemService(AudioManager::class.java)
        audio.ringerMode = AudioManager.RINGER_MODE_NORMAL
        assertTrue(platform.soundAllowed())
        // A short buffer (a 440 Hz tone) on a static track.
        platform.playSound(ShortArray(2_205) { i -> (Math.sin(i * 0.125) * 8_000).toInt().toShort() })
        audio.ringerMode = AudioManager.RINGER_MODE_SILENT
        assertFalse(platform.soundAllowed(), "a phone set to silent stays silent")
        audio.ringerMode = AudioManager.RINGER_MODE_VIBRATE
        assertFalse(platform.soundAllowed())
        platform.playSound(ShortArray(100)) // nothing played, nothing thrown
    }

    // --- storage -------------------------------------------------------------------------------

    @Test
    fun dataDirIsTheGamesFolderUnderFilesDirAndExists() {
        val dataDir = File(AndroidPlatform(application).dataDir)

        assertEquals(File(application.filesDir, "games").absolutePath, dataDir.absolutePath)
        assertTrue(dataDir.isDirectory, "created on first use")
        // A second platform (a new process) finds the same, existing folder.
        assertEquals(dataDir.absolutePath, AndroidPlatform(application).dataDir)
    }

    @Test
    fun dataDirNamesTheFolderWhenItCannotBeCreated() {
        val blocker = File(application.filesDir, "games")
        blocker.parentFile!!.mkdirs()
        blocker.writeText("a file where the folder should be")

        val error = assertFailsWith<IllegalStateException> { AndroidPlatform(application).dataDir }
        assertTrue(error.message!!.contains(blocker.path), error.message)
    }

    // --- language and motion ---------------------------------------------------------------------

    @Test
    fun systemLanguageFollowsTheConfigurationLocale() {
        val platform = AndroidPlatform(application)

        RuntimeEnvironment.setQualifiers("fr-rFR")
        assertEquals("fr", platform.systemLanguage)

        RuntimeEnvironment.setQualifiers("zh-rCN")
        assertEquals("zh-Hans", platform.systemLanguage)

        RuntimeEnvironment.setQualifiers("de-rDE")
        assertEquals("en", platform.systemLanguage)

        RuntimeEnvironment.setQualifiers("en-rUS")
        assertEquals("en", platform.systemLanguage)
    }

    @Test
    fun systemReducedMotionIsReadAtEachAsk() {
        val platform = AndroidPlatform(application)
        assertFalse(platform.systemReducedMotion)

        Settings.Global.putFloat(application.contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 0f)
        assertTrue(platform.systemReducedMotion, "the user removed animations while the app ran")
    }

    // --- share sheet -----------------------------------------------------------------------------

    @Test
    fun shareStartsAChooserAroundAPlainTextSend() {
        val text = "Join my Chinese Checkers room: ABCD2345"
        AndroidPlatform(application).share(text)

        val started = assertNotNull(shadowOf(application).nextStartedActivity, "an activity was started")
        assertEquals(Intent.ACTION_CHOOSER, started.action)
        assertTrue(started.flags and Intent.FLAG_ACTIVITY_NEW_TASK != 0, "started outside an Activity")

        val send = assertNotNull(started.getParcelableExtra(Intent.EXTRA_INTENT, Intent::class.java))
        assertEquals(Intent.ACTION_SEND, send.action)
        assertEquals("text/plain", send.type)
        assertEquals(text, send.getStringExtra(Intent.EXTRA_TEXT))
    }

    @Test
    fun shareRefusesBlankTextAndStartsNothing() {
        val error = assertFailsWith<IllegalArgumentException> { AndroidPlatform(application).share("  ") }
        assertTrue(error.message!!.contains("blank"), error.message)
        assertNull(shadowOf(application).nextStartedActivity)
    }

    // --- haptics ---------------------------------------------------------------------------------

    /** The shadow of the vibrator the platform finds (VibratorManager's default from API 31). */
    private fun vibrator(): ShadowVibrator {
        val vibrator = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.S) {
            (application.getSystemService(Context.VIBRATOR_MANAGER_SERVICE) as VibratorManager).defaultVibrator
        } else {
            application.getSystemService(Vibrator::class.java)
        }
        return shadowOf(vibrator)
    }

    private val expectedEffects = mapOf(
        HapticKind.Tap to VibrationEffect.EFFECT_TICK,
        HapticKind.Move to VibrationEffect.EFFECT_CLICK,
        HapticKind.GameOver to VibrationEffect.EFFECT_HEAVY_CLICK,
    )

    @Test
    fun eachHapticKindPlaysItsPredefinedEffectAsTouchFeedback() {
        val platform = AndroidPlatform(application)
        for ((kind, effect) in expectedEffects) {
            platform.haptic(kind)
            assertTrue(vibrator().isVibrating, "$kind vibrates")
            assertEquals(listOf(effect), lastVibrationEffectIds(), "$kind")
            // Marked as touch feedback, the vibration is silenced by the system when the user
            // turned touch feedback off (Android 13+).
            val attributes = vibrator().vibrationAttributesFromLastVibration as VibrationAttributes
            assertEquals(VibrationAttributes.USAGE_TOUCH, attributes.usage, "$kind")
            ShadowVibrator.reset()
        }
    }

    /**
     * The predefined effects of the last vibration. Since API 31 a predefined effect reaches the
     * vibrator as a "prebaked" segment, which Robolectric records only in a private static field
     * (its public `effectId` is for the older path); `PrebakedSegment` is a hidden framework
     * class, present in android-all.
     */
    private fun lastVibrationEffectIds(): List<Int> {
        val segments: List<VibrationEffectSegment> =
            ReflectionHelpers.getStaticField(ShadowVibrator::class.java, "vibrationEffectSegments")
        return segments.map { (it as PrebakedSegment).effectId }
    }

    @Test
    @Config(sdk = [Build.VERSION_CODES.R])
    fun beforeAndroid13TheTouchFeedbackSettingIsReadHere() {
        val platform = AndroidPlatform(application)
        Settings.System.putInt(application.contentResolver, Settings.System.HAPTIC_FEEDBACK_ENABLED, 0)
        platform.haptic(HapticKind.GameOver)
        assertFalse(vibrator().isVibrating, "touch feedback off")

        // The setting is read at each call: turned back on, it takes effect at once.
        Settings.System.putInt(application.contentResolver, Settings.System.HAPTIC_FEEDBACK_ENABLED, 1)
        platform.haptic(HapticKind.GameOver)
        assertTrue(vibrator().isVibrating, "touch feedback on")
        assertEquals(VibrationEffect.EFFECT_HEAVY_CLICK, vibrator().effectId)
    }

    @Test
    fun hapticIsSilentOnADeviceWithoutVibrator() {
        vibrator().setHasVibrator(false)
        AndroidPlatform(application).haptic(HapticKind.Tap)
        assertFalse(vibrator().isVibrating)
    }
}
