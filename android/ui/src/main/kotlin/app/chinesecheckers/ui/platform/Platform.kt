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

    /**
     * Plays a short sound: 16-bit mono PCM at [SOUND_SAMPLE_RATE] samples a second (the shared UI
     * synthesizes the core's sounds with `Tones`; `Platform.sound(cues)`); never called when sound
     * is off in the settings.
     */
    fun playSound(samples: ShortArray)
}

/** The sample rate of every sound handed to [Platform.playSound]. */
const val SOUND_SAMPLE_RATE = 22_050

/** The kinds of vibration the UI asks for. */
enum class HapticKind { Tap, Move, GameOver }
