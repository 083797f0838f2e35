package app.chinesecheckers.ui.platform

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

    /** A short sound (the system's own effects, no assets); ignored when sound is off in the settings. */
    fun sound(kind: SoundKind)
}

/** The kinds of sound the UI asks for: a peg landing, the end of a game. */
enum class SoundKind { Move, GameOver }

/** The kinds of vibration the UI asks for. */
enum class HapticKind { Tap, Move, GameOver }
