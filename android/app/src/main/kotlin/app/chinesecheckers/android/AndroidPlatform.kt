package app.chinesecheckers.android

import android.app.LocaleManager
import android.content.Context
import android.content.Intent
import android.media.AudioAttributes
import android.media.AudioFormat
import android.media.AudioManager
import android.media.AudioTrack
import android.os.Build
import android.os.Handler
import android.os.Looper
import android.os.VibrationAttributes
import android.os.VibrationEffect
import android.os.Vibrator
import android.os.VibratorManager
import app.chinesecheckers.ui.platform.HapticKind
import app.chinesecheckers.ui.platform.Platform
import app.chinesecheckers.ui.platform.SOUND_SAMPLE_RATE
import java.io.File
import java.nio.ByteBuffer
import java.nio.ByteOrder

/**
 * The shared UI's window on Android: storage, system language and motion settings, the share
 * sheet and the vibrator. Created once per process by [ChineseCheckersApplication] with the
 * application context, so it outlives every Activity.
 *
 * The app's own vibration setting is applied by the shared UI before it calls [haptic]; this
 * class adds the system's.
 */
class AndroidPlatform(context: Context) : Platform {
    // The application context: an Activity's would leak once the Activity is destroyed.
    private val context: Context = context.applicationContext ?: context

    /**
     * `files/games` in the app's private storage (backed up, see res/xml/backup_rules.xml),
     * created on first use.
     */
    override val dataDir: String by lazy {
        val dir = File(this.context.filesDir, GAMES_DIRECTORY)
        check(dir.isDirectory || dir.mkdirs()) { "cannot create the saved-games directory $dir" }
        dir.absolutePath
    }

    /**
     * The app's language as the system gives it: the per-app language the user chose in the
     * system's settings (Android 13+, LocaleManager), else the user's locales. (Android also hands
     * the per-app language to the app's configuration; it is read from its source first.)
     */
    override val systemLanguage: String
        get() {
            val appLocales = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU) {
                context.getSystemService(LocaleManager::class.java)?.applicationLocales
            } else {
                null
            }
            return if (appLocales != null && !appLocales.isEmpty) {
                SystemPreferences.languageFor(appLocales)
            } else {
                SystemPreferences.languageFor(context.resources.configuration)
            }
        }

    override val systemReducedMotion: Boolean
        get() = SystemPreferences.reducedMotion(context.contentResolver)

    /**
     * Opens the system share sheet ("chooser") with [text] as plain text. The chooser is started
     * from the application context, hence in a new task.
     *
     * @throws IllegalArgumentException when [text] is blank (there would be nothing to share).
     */
    override fun share(text: String) {
        require(text.isNotBlank()) { "nothing to share: the text is blank" }
        val send = Intent(Intent.ACTION_SEND)
            .setType("text/plain")
            .putExtra(Intent.EXTRA_TEXT, text)
        val chooser = Intent.createChooser(send, null)
            .addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
        context.startActivity(chooser)
    }

    /**
     * Plays a sound the shared UI synthesized, on the game audio stream (the media volume). A
     * phone whose ringer is set to silent or vibrate stays silent. The app's sound setting is
     * applied by the shared UI before this is called.
     */
    override fun playSound(samples: ShortArray) {
        if (samples.isEmpty() || !soundAllowed()) return
        runCatching {
            val track = AudioTrack.Builder()
                .setAudioAttributes(
                    AudioAttributes.Builder()
                        .setUsage(AudioAttributes.USAGE_GAME)
                        .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                        .build(),
                )
                .setAudioFormat(
                    AudioFormat.Builder()
                        .setEncoding(AudioFormat.ENCODING_PCM_16BIT)
                        .setSampleRate(SOUND_SAMPLE_RATE)
                        .setChannelMask(AudioFormat.CHANNEL_OUT_MONO)
                        .build(),
                )
                .setTransferMode(AudioTrack.MODE_STATIC)
                .setBufferSizeInBytes(samples.size * 2)
                .build()
            // As bytes in the device's order (what a 16-bit PCM track takes from a ByteBuffer).
            val bytes = ByteBuffer.allocateDirect(samples.size * 2).order(ByteOrder.nativeOrder())
            bytes.asShortBuffer().put(samples)
            track.write(bytes, bytes.remaining(), AudioTrack.WRITE_BLOCKING)
            track.play()
            // A static track is released once it has played (plus a margin): one per update.
            val millis = samples.size * 1000L / SOUND_SAMPLE_RATE + RELEASE_MARGIN_MS
            Handler(Looper.getMainLooper()).postDelayed({ track.release() }, millis)
        }
    }

    /** Whether the ringer lets the app make sounds (not silent, not vibrate). */
    internal fun soundAllowed(): Boolean {
        val audio = context.getSystemService(AudioManager::class.java) ?: return false
        return audio.ringerMode == AudioManager.RINGER_MODE_NORMAL
    }

    /**
     * A short vibration of the strength of [kind], as touch feedback: silent when the user
     * turned touch feedback off, or on a device without a vibrator.
     *
     * From Android 13 the vibration is marked as touch feedback and the system applies the
     * user's setting (and its intensity); before, the setting is read here.
     */
    override fun haptic(kind: HapticKind) {
        if (Build.VERSION.SDK_INT < Build.VERSION_CODES.TIRAMISU &&
            !SystemPreferences.touchFeedbackEnabled(context.contentResolver)
        ) {
            return
        }
        val vibrator = vibrator() ?: return
        if (!vibrator.hasVibrator()) return
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU) {
            vibrator.vibrate(effectFor(kind), VibrationAttributes.createForUsage(VibrationAttributes.USAGE_TOUCH))
        } else {
            vibrator.vibrate(effectFor(kind))
        }
    }

    private fun vibrator(): Vibrator? =
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.S) {
            context.getSystemService(VibratorManager::class.java)?.defaultVibrator
        } else {
            @Suppress("DEPRECATION") // The only way before API 31.
            context.getSystemService(Context.VIBRATOR_SERVICE) as? Vibrator
        }

    /** The system's predefined effects where they exist (API 29+), tuned per device; else one-shots. */
    private fun effectFor(kind: HapticKind): VibrationEffect =
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.Q) {
            VibrationEffect.createPredefined(predefinedEffect(kind))
        } else {
            VibrationEffect.createOneShot(oneShotMillis(kind), VibrationEffect.DEFAULT_AMPLITUDE)
        }

    companion object {
        /** The folder under the app's files directory that holds the saved-games library. */
        const val GAMES_DIRECTORY = "games"

        /** How long after a sound's end its track is released. */
        const val RELEASE_MARGIN_MS = 250L

        /** The predefined effect (API 29+) for each kind: a tick, a click, a heavy click. */
        fun predefinedEffect(kind: HapticKind): Int = when (kind) {
            HapticKind.Tap -> VibrationEffect.EFFECT_TICK
            HapticKind.Move -> VibrationEffect.EFFECT_CLICK
            HapticKind.GameOver -> VibrationEffect.EFFECT_HEAVY_CLICK
        }

        /** The one-shot length (API 26–28) for each kind, growing with its weight. */
        fun oneShotMillis(kind: HapticKind): Long = when (kind) {
            HapticKind.Tap -> 10
            HapticKind.Move -> 25
            HapticKind.GameOver -> 80
        }
    }
}
