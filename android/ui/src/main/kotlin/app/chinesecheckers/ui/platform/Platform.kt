package app.chinesecheckers.ui.platform

import app.chinesecheckers.core.SoundCue

/** What the shared UI needs from the operating system; Android and desktop implement it. */
interface Platform {
    /** Directory for the saved-games library (GameLibrary.open) and the settings file. */
    val dataDir: String

    /** The system language when the user has not chosen one: "en", "fr" or "zh-Hans". */
    val systemLanguage: String

    /** True when the system asks for reduced motion (Android: animator duration scale 0). */
    val systemReducedMotion: Boolean

    /** Opens the system share sheet with this text (a private room's code and invitation). */
    fun share(text: String)

    /** A short vibration; ignored when haptics are off in the settings or unsupported. */
    fun haptic(kind: HapticKind)

    /**
     * The sounds of one update, in order (the core's `change.sounds`: a step, each hop of a jump, a
     * swap, our turn online, the end), synthesized by [Tones]; ignored when sound is off in the
     * settings.
     */
    fun sound(cues: List<SoundCue>)
}

/** The kinds of vibration the UI asks for. */
enum class HapticKind { Tap, Move, GameOver }
