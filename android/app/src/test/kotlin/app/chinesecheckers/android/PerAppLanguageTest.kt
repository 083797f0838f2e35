package app.chinesecheckers.android

import android.app.LocaleManager
import android.os.LocaleList
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertIsDisplayed
import androidx.compose.ui.test.onNodeWithText
import app.chinesecheckers.ui.strings.ChineseStrings
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.FrenchStrings
import app.chinesecheckers.ui.strings.Language
import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * The per-app language (Android 13+: Settings > Apps > Chinese Checkers > Language), set through
 * the platform's API, LocaleManager, as the system's settings set it: the app, its language left on
 * "System", speaks French or Simplified Chinese from the recreated Activity on (Android recreates
 * it for the new locale); cleared, it follows the phone's language again; a language chosen in the
 * app's own settings wins over it.
 */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class PerAppLanguageTest {
    /** The app's language set as the system's settings set it, and the Activity recreated for it. */
    private fun RunningApp.perAppLanguage(tags: String) {
        activity.getSystemService(LocaleManager::class.java).applicationLocales = LocaleList.forLanguageTags(tags)
        changeConfiguration()
    }

    @Test
    fun frenchThenChineseThenThePhonesLanguageAgain() = appTest(Device.Phone, reducedMotion = true, locale = "en-rGB") {
        onNodeWithText(EnglishStrings.passAndPlay).assertIsDisplayed()
        perAppLanguage("fr-FR")
        onNodeWithText(FrenchStrings.passAndPlay).assertIsDisplayed()
        onNodeWithText(FrenchStrings.appName).assertIsDisplayed()
        assertEquals(Language.French, app.language)
        perAppLanguage("zh-Hans-CN")
        onNodeWithText(ChineseStrings.passAndPlay).assertIsDisplayed()
        assertEquals(Language.Chinese, app.language)
        perAppLanguage("")
        onNodeWithText(EnglishStrings.passAndPlay).assertIsDisplayed()
    }

    @Test
    fun theLanguageChosenInTheAppWinsOverThePerAppLanguage() = appTest(Device.Phone, reducedMotion = true) {
        click("settings")
        click("language:en")
        click("back")
        perAppLanguage("fr-FR")
        onNodeWithText(EnglishStrings.passAndPlay).assertIsDisplayed()
        click("settings")
        click("language:system")
        click("back")
        onNodeWithText(FrenchStrings.passAndPlay).assertIsDisplayed()
    }
}
