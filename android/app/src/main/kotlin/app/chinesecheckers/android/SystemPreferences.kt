package app.chinesecheckers.android

import android.content.ContentResolver
import android.content.res.Configuration
import android.os.LocaleList
import android.provider.Settings
import java.util.Locale

/**
 * What the system settings say about language, motion and touch feedback, read fresh at each
 * call: the user can change them while the app runs (the per-app language too, Android 13+).
 *
 * Kept apart from [AndroidPlatform] so that each mapping is one small function with its own test.
 */
object SystemPreferences {
    /** The languages the shared UI has strings for, as [app.chinesecheckers.ui.platform.Platform] names them. */
    const val ENGLISH = "en"
    const val FRENCH = "fr"
    const val SIMPLIFIED_CHINESE = "zh-Hans"

    /**
     * The UI language for a system locale: French for any French locale, Simplified Chinese for
     * any Chinese one, null for a language the app has no strings for.
     *
     * Traditional Chinese (zh-TW, zh-HK, zh-Hant) also gets Simplified Chinese: the app has no
     * Traditional strings, and a Chinese reader reads Simplified far more easily than English.
     */
    fun supportedLanguageFor(locale: Locale): String? = when (locale.language) {
        "en" -> ENGLISH
        "fr" -> FRENCH
        "zh" -> SIMPLIFIED_CHINESE
        else -> null
    }

    /** [supportedLanguageFor], with English for a language the app has no strings for. */
    fun languageFor(locale: Locale): String = supportedLanguageFor(locale) ?: ENGLISH

    /**
     * The UI language for a configuration: the first of the user's preferred locales (in the
     * user's order) that the app has strings for, as Android picks resources; English when none.
     */
    fun languageFor(configuration: Configuration): String = languageFor(configuration.locales)

    /** [languageFor] of a list of locales, in their order. */
    fun languageFor(locales: LocaleList): String =
        (0 until locales.size()).firstNotNullOfOrNull { supportedLanguageFor(locales[it]) } ?: ENGLISH

    /**
     * True when the user turned animations off: Settings > Accessibility > Remove animations (or
     * the developer option "Animator duration scale: off") sets the global animator duration
     * scale to 0. Absent, the scale is 1 (animations on).
     */
    fun reducedMotion(resolver: ContentResolver): Boolean =
        Settings.Global.getFloat(resolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f

    /**
     * True when the system's "touch feedback" (haptic feedback on touch) is on, its default.
     * Read for Android 8–12 only: from Android 13 a vibration marked as touch feedback
     * (VibrationAttributes.USAGE_TOUCH) is silenced by the system itself, which is why the
     * setting's constant is deprecated there.
     */
    @Suppress("DEPRECATION")
    fun touchFeedbackEnabled(resolver: ContentResolver): Boolean =
        Settings.System.getInt(resolver, Settings.System.HAPTIC_FEEDBACK_ENABLED, 1) != 0
}
