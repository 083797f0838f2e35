package app.chinesecheckers.android

import android.content.Context
import android.media.AudioAttributes
import android.media.AudioManager
import android.media.AudioTrack
import android.os.VibrationAttributes
import android.os.VibrationEffect
import android.os.VibratorManager
import android.os.vibrator.PrebakedSegment
import android.os.vibrator.VibrationEffectSegment
import androidx.compose.ui.test.ExperimentalTestApi
import app.chinesecheckers.core.SoundCue
import app.chinesecheckers.ui.platform.SOUND_SAMPLE_RATE
import app.chinesecheckers.ui.platform.Tones
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.GraphicsMode
import org.robolectric.shadows.ShadowAudioTrack
import org.robolectric.shadows.ShadowVibrator
import org.robolectric.util.ReflectionHelpers
import java.nio.ByteBuffer
import java.nio.ByteOrder

/**
 * A move played by taps on the real Activity reaches Android's audio and vibrator: the core's step
 * sound, synthesized by the shared UI, is written to an AudioTrack on the game stream, and the
 * taps vibrate as touch feedback (a tick for the peg, a click for the move); the phone's silent
 * mode and the app's settings keep them quiet.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class SoundsAndHapticsTest {
    /** Each buffer written to an AudioTrack, as 16-bit samples, with the track's usage. */
    private val written = mutableListOf<Pair<Int, List<Short>>>()
    private val listener = ShadowAudioTrack.OnAudioDataWrittenListener { track: AudioTrack, data: ByteArray, format ->
        assertEquals(SOUND_SAMPLE_RATE, format.sampleRate)
        val shorts = ByteBuffer.wrap(data).order(ByteOrder.nativeOrder()).asShortBuffer()
        written += track.audioAttributes.usage to List(shorts.remaining()) { shorts.get(it) }
    }

    @After
    fun forget() {
        ShadowAudioTrack.removeAudioDataListener(listener)
        ShadowVibrator.reset()
    }

    /**
     * The predefined effect of the last vibration since the last reset (API 31+: a "prebaked"
     * segment, which Robolectric keeps in a private static field), empty when none.
     */
    private fun effects(): List<Int> {
        val segments: List<VibrationEffectSegment> =
            ReflectionHelpers.getStaticField(ShadowVibrator::class.java, "vibrationEffectSegments")
        return segments.map { (it as PrebakedSegment).effectId }
    }

    private fun RunningApp.lastVibrationUsage(): Int {
        val vibrator = (activity.getSystemService(Context.VIBRATOR_MANAGER_SERVICE) as VibratorManager).defaultVibrator
        return (shadowOf(vibrator).vibrationAttributesFromLastVibration as VibrationAttributes).usage
    }

    @Test
    fun aMoveByTapsSoundsAndVibratesAndSilenceAndTheSettingsQuietThem() = appTest(Device.Phone, reducedMotion = true) {
        ShadowAudioTrack.addAudioDataListener(listener)
        val audio = activity.getSystemService(AudioManager::class.java)
        audio.ringerMode = AudioManager.RINGER_MODE_NORMAL
        click("passAndPlay")
        click("start")
        ShadowVibrator.reset()

        val (from, to) = findStep()
        tapHole(from)
        assertEquals("selecting a peg makes no sound", 0, written.size)
        assertEquals("a tick for the peg", listOf(VibrationEffect.EFFECT_TICK), effects())
        assertEquals(VibrationAttributes.USAGE_TOUCH, lastVibrationUsage())
        tapHole(to)
        waitForIdle()
        assertEquals("the core's step sound, on the game stream", listOf(AudioAttributes.USAGE_GAME to Tones.pcm(SoundCue.STEP).toList()), written)
        assertEquals("a click for the move", listOf(VibrationEffect.EFFECT_CLICK), effects())

        // The phone set to silent: the next move plays no sound (it still vibrates).
        audio.ringerMode = AudioManager.RINGER_MODE_SILENT
        tapStep()
        waitForIdle()
        assertEquals(2, game().history.size)
        assertEquals("silent mode is silent", 1, written.size)

        // The app's own settings: sound and vibration off.
        audio.ringerMode = AudioManager.RINGER_MODE_NORMAL
        app.settings.update { it.copy(sound = false, haptics = false) }
        ShadowVibrator.reset()
        tapStep()
        waitForIdle()
        assertEquals(3, game().history.size)
        assertEquals("sound off in the app", 1, written.size)
        assertTrue("vibration off in the app", effects().isEmpty())
    }
}
