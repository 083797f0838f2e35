package app.chinesecheckers.ui

import app.chinesecheckers.core.SoundCue
import app.chinesecheckers.ui.platform.Tones
import kotlin.math.abs
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** The synthesized sounds: each cue its own, short, soft, and without a click at either end. */
class TonesTest {
    private fun ms(samples: ShortArray) = samples.size * 1000 / Tones.SAMPLE_RATE

    @Test
    fun everyCueIsShortSoftAndFadesInAndOut() {
        for (cue in SoundCue.entries) {
            val pcm = Tones.pcm(cue)
            assertTrue("$cue lasts ${ms(pcm)} ms", ms(pcm) in 30..700)
            val peak = pcm.maxOf { abs(it.toInt()) }
            assertTrue("$cue peaks at $peak", peak in 2_000..Tones.PEAK)
            // No click: the first and last samples are near silence.
            assertTrue("$cue starts at ${pcm.first()}", abs(pcm.first().toInt()) < 200)
            assertTrue("$cue ends at ${pcm.last()}", abs(pcm.last().toInt()) < 200)
        }
    }

    @Test
    fun everyCueSoundsDifferent() {
        val all = SoundCue.entries.map { Tones.pcm(it).toList() }
        assertEquals("two cues share the same samples", all.size, all.toSet().size)
        // The end of a game is longer than a move, so that it is heard as an end.
        assertTrue(ms(Tones.pcm(SoundCue.WON)) > 3 * ms(Tones.pcm(SoundCue.HOP)))
        assertTrue(ms(Tones.pcm(SoundCue.LOST)) > 3 * ms(Tones.pcm(SoundCue.STEP)))
    }

    @Test
    fun aJumpsHopsTickInRhythmInOneBuffer() {
        val hop = Tones.pcm(SoundCue.HOP)
        val three = Tones.sequence(listOf(SoundCue.HOP, SoundCue.HOP, SoundCue.HOP))
        val gap = Tones.SAMPLE_RATE * Tones.GAP_MS / 1000
        assertEquals(3 * hop.size + 2 * gap, three.size)
        // The second hop starts after the first and a gap of silence, sample for sample.
        assertEquals(hop.toList(), three.copyOfRange(hop.size + gap, 2 * hop.size + gap).toList())
        assertTrue(three.copyOfRange(hop.size, hop.size + gap).all { it.toInt() == 0 })
        assertEquals(0, Tones.sequence(emptyList<SoundCue>()).size)
    }
}
