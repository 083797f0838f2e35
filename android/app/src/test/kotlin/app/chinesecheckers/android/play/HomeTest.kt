package app.chinesecheckers.android.play

import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.assertTextEquals
import app.chinesecheckers.android.appTest
import app.chinesecheckers.android.exists
import app.chinesecheckers.android.tag
import app.chinesecheckers.ui.strings.EnglishStrings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.File

/** Home says what the library's listing holds beyond the Continue cards. */
@OptIn(ExperimentalTestApi::class)
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class HomeTest {
    @Test
    fun homeSaysHowManySavedGamesCouldNotBeRead() {
        // The library keeps its games in "games" under the app's data directory (files/games).
        lateinit var games: File
        appTest(
            prepare = { dataDir ->
                // A damaged file and one of a newer app version, where the library keeps its games.
                games = File(dataDir, "games").apply { mkdirs() }
                File(games, "0123456789abcdef.json").writeText("garbage, not json")
                File(games, "fedcba9876543210.json").writeText("""{"format":"chinese-checkers-saved-game","version":9}""")
            },
        ) {
            assertEquals(2, checkNotNull(app.library).listing().unreadable.size)
            assertEquals(2, app.home.state.value.unreadable)
            tag("unreadable").assertTextEquals(EnglishStrings.unreadableGames(2))
            assertFalse(exists("listingError"))
            // The files are left alone (the core never deletes them), and the rest of Home works.
            assertTrue(File(games, "0123456789abcdef.json").exists())
            assertTrue(exists("solo"))
        }
    }

    @Test
    fun aLibraryWithNothingUnreadableSaysNothing() = appTest {
        assertEquals(0, app.home.state.value.unreadable)
        assertFalse(exists("unreadable"))
        assertFalse(exists("listingError"))
    }
}
