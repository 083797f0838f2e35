package app.chinesecheckers.android

import android.app.Application
import android.content.res.Configuration
import android.os.LocaleList
import android.provider.Settings
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import java.util.Locale
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The mappings from system settings to what the shared UI asks for. */
@RunWith(RobolectricTestRunner::class)
class SystemPreferencesTest {
    private val application: Application = RuntimeEnvironment.getApplication()

    @Test
    fun frenchLocalesOfEveryRegionMapToFrench() {
        for (tag in listOf("fr", "fr-FR", "fr-CA", "fr-BE", "fr-CH")) {
            assertEquals("fr", SystemPreferences.languageFor(Locale.forLanguageTag(tag)), tag)
        }
    }

    @Test
    fun chineseLocalesMapToSimplifiedChinese() {
        for (tag in listOf("zh", "zh-CN", "zh-Hans-CN", "zh-SG", "zh-TW", "zh-Hant-HK")) {
            assertEquals("zh-Hans", SystemPreferences.languageFor(Locale.forLanguageTag(tag)), tag)
        }
    }

    @Test
    fun englishAndLanguagesWithoutStringsFallBackToEnglish() {
        for (tag in listOf("en", "en-US", "en-GB", "de-DE", "ja-JP", "ar-EG", "und")) {
            assertEquals("en", SystemPreferences.languageFor(Locale.forLanguageTag(tag)), tag)
        }
    }

    @Test
    fun theFirstPreferredLocaleWithStringsDecides() {
        val configuration = Configuration()
        // German has no strings: the user's next choice, French, wins over the English fallback.
        configuration.setLocales(LocaleList(Locale.forLanguageTag("de-DE"), Locale.FRANCE))
        assertEquals("fr", SystemPreferences.languageFor(configuration))

        configuration.setLocales(LocaleList(Locale.SIMPLIFIED_CHINESE, Locale.FRANCE))
        assertEquals("zh-Hans", SystemPreferences.languageFor(configuration))

        // English listed before French is a choice of English, not a fallback.
        configuration.setLocales(LocaleList(Locale.UK, Locale.FRANCE))
        assertEquals("en", SystemPreferences.languageFor(configuration))

        configuration.setLocales(LocaleList(Locale.forLanguageTag("de-DE"), Locale.JAPAN))
        assertEquals("en", SystemPreferences.languageFor(configuration))
    }

    @Test
    fun anEmptyLocaleListFallsBackToEnglish() {
        val configuration = Configuration()
        configuration.setLocales(LocaleList.getEmptyLocaleList())
        assertEquals("en", SystemPreferences.languageFor(configuration))
    }

    @Test
    fun reducedMotionFollowsTheGlobalAnimatorDurationScale() {
        val resolver = application.contentResolver
        assertFalse(SystemPreferences.reducedMotion(resolver), "unset: animations on")

        Settings.Global.putFloat(resolver, Settings.Global.ANIMATOR_DURATION_SCALE, 0f)
        assertTrue(SystemPreferences.reducedMotion(resolver), "scale 0: animations removed")

        Settings.Global.putFloat(resolver, Settings.Global.ANIMATOR_DURATION_SCALE, 0.5f)
        assertFalse(SystemPreferences.reducedMotion(resolver), "scale 0.5: faster, not off")

        Settings.Global.putFloat(resolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f)
        assertFalse(SystemPreferences.reducedMotion(resolver), "scale 1: normal")
    }

    @Test
    fun touchFeedbackFollowsTheSystemSettingAndDefaultsToOn() {
        val resolver = application.contentResolver
        assertTrue(SystemPreferences.touchFeedbackEnabled(resolver), "unset: on")

        Settings.System.putInt(resolver, Settings.System.HAPTIC_FEEDBACK_ENABLED, 0)
        assertFalse(SystemPreferences.touchFeedbackEnabled(resolver))

        Settings.System.putInt(resolver, Settings.System.HAPTIC_FEEDBACK_ENABLED, 1)
        assertTrue(SystemPreferences.touchFeedbackEnabled(resolver))
    }
}
