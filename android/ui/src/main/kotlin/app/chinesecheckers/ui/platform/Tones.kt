package app.chinesecheckers.ui.platform

import app.chinesecheckers.core.SoundCue
import kotlin.math.PI
import kotlin.math.min
import kotlin.math.sin

/**
 * The app's sounds, synthesized (no sound files, so nothing to license): 16-bit mono PCM for each
 * [SoundCue] the core asks for. Android plays the buffer with an AudioTrack, the desktop with
 * javax.sound; both play a whole update's cues as one buffer ([sequence]), so a jump's hops tick
 * in rhythm whatever the thread scheduling.
 *
 * Each cue is a few notes of a soft sine with a short attack and a fade-out (no click at either
 * end): a step is one low tick, a hop a higher tick, a swap two quick notes crossing, "your turn"
 * a rising pair, won a rising arpeggio, lost a falling one, drawn two level notes.
 */
object Tones {
    /** Samples per second of every buffer. */
    const val SAMPLE_RATE = SOUND_SAMPLE_RATE

    /** Silence between two cues of one update (a jump's hops), in milliseconds. */
    const val GAP_MS = 70

    /** The loudest sample, about a third of full scale: sounds that sit under speech and music. */
    const val PEAK = 11_000

    /** One note: its pitch and length. */
    private data class Note(val hz: Double, val ms: Int)

    private fun notes(cue: SoundCue): List<Note> = when (cue) {
        SoundCue.STEP -> listOf(Note(523.25, 45))
        SoundCue.HOP -> listOf(Note(783.99, 40))
        SoundCue.SWAP -> listOf(Note(659.25, 55), Note(493.88, 55))
        SoundCue.YOUR_TURN -> listOf(Note(587.33, 90), Note(880.0, 140))
        SoundCue.WON -> listOf(Note(523.25, 110), Note(659.25, 110), Note(783.99, 110), Note(1046.5, 260))
        SoundCue.LOST -> listOf(Note(392.0, 150), Note(329.63, 150), Note(261.63, 320))
        SoundCue.DRAWN -> listOf(Note(440.0, 150), Note(440.0, 220))
    }

    /** The samples of one cue. */
    fun pcm(cue: SoundCue): ShortArray {
        val parts = notes(cue).map(::note)
        val out = ShortArray(parts.sumOf { it.size })
        var at = 0
        for (p in parts) {
            p.copyInto(out, at)
            at += p.size
        }
        return out
    }

    /** The samples of a whole update's cues in order, [GAP_MS] of silence between two. */
    fun sequence(cues: List<SoundCue>): ShortArray {
        if (cues.isEmpty()) return ShortArray(0)
        val gap = SAMPLE_RATE * GAP_MS / 1000
        val parts = cues.map(::pcm)
        val out = ShortArray(parts.sumOf { it.size } + gap * (parts.size - 1))
        var at = 0
        for (p in parts) {
            p.copyInto(out, at)
            at += p.size + gap
        }
        return out
    }

    /** A sine note: 5 ms linear attack, then an exponential-looking (quadratic) fade to zero. */
    private fun note(n: Note): ShortArray {
        val count = SAMPLE_RATE * n.ms / 1000
        val attack = SAMPLE_RATE * 5 / 1000
        return ShortArray(count) { i ->
            val rise = min(1.0, i.toDouble() / attack)
            val left = 1.0 - i.toDouble() / count
            val envelope = rise * left * left
            (sin(2 * PI * n.hz * i / SAMPLE_RATE) * PEAK * envelope).toInt().toShort()
        }
    }
}

/** Plays the sounds of one update (the core's `change.sounds`), in order, as one buffer. */
fun Platform.sound(cues: List<SoundCue>) {
    if (cues.isNotEmpty()) playSound(Tones.sequence(cues))
}
