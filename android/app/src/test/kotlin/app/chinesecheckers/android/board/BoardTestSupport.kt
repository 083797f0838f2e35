package app.chinesecheckers.android.board

import android.media.AudioTrack
import androidx.compose.ui.geometry.Rect
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.semantics.SemanticsNode
import androidx.compose.ui.test.ComposeUiTest
import androidx.compose.ui.test.ExperimentalTestApi
import app.chinesecheckers.android.AndroidPlatform
import app.chinesecheckers.android.RunningApp
import app.chinesecheckers.android.tag
import app.chinesecheckers.ui.AppState
import org.robolectric.annotation.Implementation
import org.robolectric.annotation.Implements
import org.robolectric.shadows.ShadowAudioTrack
import java.util.Collections

/**
 * A node's bounds on the screen, not clipped by its parents (what it would draw over). On
 * Android a dialog is a window of its own, whose root is not the Activity's: bounds compared
 * across a dialog and the screen under it must be the screen's.
 */
fun SemanticsNode.unclippedOnScreen(): Rect = Rect(positionOnScreen, Size(size.width.toFloat(), size.height.toFloat()))

/** The node [tag]'s unclipped bounds on the screen. */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.screenBounds(tag: String): Rect = tag(tag).fetchSemanticsNode().unclippedOnScreen()

/**
 * Lets [millis] of real time pass with the main looper running (the UI and everything posted to
 * it go on): what a desktop test's `Thread.sleep` then `waitForIdle` was, without blocking
 * Android's main thread, which is the test's thread under Robolectric.
 */
@OptIn(ExperimentalTestApi::class)
fun ComposeUiTest.letTimePass(millis: Long) {
    val until = System.currentTimeMillis() + millis
    waitUntil("$millis ms to pass", millis + 10_000) { System.currentTimeMillis() >= until }
    waitForIdle()
}

/**
 * The app started again over the same files, as a new process's Application would make it
 * (the real [AndroidPlatform] on this test's application): for what must survive a restart.
 * [close] it when done.
 */
fun RunningApp.nextStart(): AppState = AppState(AndroidPlatform(application), application.today)

/**
 * Robolectric's AudioTrack, recording what is played: the samples written to a track when its
 * `play()` is called (the platform writes a static track whole, then plays it). Robolectric's own
 * shadow drops 16-bit writes (a native call), so that a static track would never start; this one
 * takes them. Install with `@Config(shadows = [RecordingAudioTrack::class])`.
 */
@Implements(AudioTrack::class)
class RecordingAudioTrack : ShadowAudioTrack() {
    private var written = ShortArray(0)

    @Implementation
    protected fun native_write_short(audioData: ShortArray, offsetInShorts: Int, sizeInShorts: Int, format: Int, isBlocking: Boolean): Int {
        written += audioData.copyOfRange(offsetInShorts, offsetInShorts + sizeInShorts)
        return sizeInShorts
    }

    @Implementation
    override fun play() {
        super.play()
        played += written.copyOf()
    }

    companion object {
        /** The samples of every track played since [reset], oldest first. */
        val played: MutableList<ShortArray> = Collections.synchronizedList(mutableListOf())

        fun reset() = played.clear()
    }
}
