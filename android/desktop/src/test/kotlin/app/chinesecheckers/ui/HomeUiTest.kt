package app.chinesecheckers.ui

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import androidx.compose.ui.test.v2.runDesktopComposeUiTest
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/** Home says what the library's listing holds beyond the Continue cards. */
@OptIn(ExperimentalTestApi::class)
class HomeUiTest {
    @Test
    fun homeSaysHowManySavedGamesCouldNotBeRead() = runDesktopComposeUiTest(800, 1000) {
        val platform = testPlatform()
        // A damaged file and one of a newer app version, where the library keeps its games.
        val games = File(platform.dataDir, "games").apply { mkdirs() }
        File(games, "0123456789abcdef.json").writeText("garbage, not json")
        File(games, "fedcba9876543210.json").writeText("""{"format":"chinese-checkers-saved-game","version":9}""")
        val app = AppState(platform)
        setContent { ChineseCheckersApp(app) }
        assertEquals(2, checkNotNull(app.library).listing().unreadable.size)
        assertEquals(2, app.home.state.value.unreadable)
        tag("unreadable").assertTextEquals(EnglishStrings.unreadableGames(2))
        assertFalse(exists("listingError"))
        // The files are left alone (the core never deletes them), and the rest of Home works.
        assertTrue(File(games, "0123456789abcdef.json").exists())
        assertTrue(exists("solo"))
        app.close()
    }

    @Test
    fun aLibraryWithNothingUnreadableSaysNothing() = runDesktopComposeUiTest(800, 1000) {
        val app = AppState(testPlatform())
        setContent { ChineseCheckersApp(app) }
        assertEquals(0, app.home.state.value.unreadable)
        assertFalse(exists("unreadable"))
        assertFalse(exists("listingError"))
        app.close()
    }
}
