package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.nio.file.Files
import java.nio.file.Path

/** The saved games ("Continue") and the statistics, kept by [GameLibrary] in a folder. */
class GameLibraryTest {
    private fun folder(): Path = Files.createTempDirectory("cc-library")

    private fun solo(level: AiLevel = AiLevel.BEGINNER) = LocalGame(setup(Preset.TRIPOT, listOf(person(), ai(level))))

    private fun hotseat() = LocalGame(setup(Preset.CLASSIC, listOf(person(), person())))

    /** The game with the person's first step played. */
    private fun LocalGame.played(): LocalGame = apply {
        tap(-1, 5)
        assertEquals(1, tap(-1, 4).history.size)
    }

    private fun sameGame(a: LocalGame, b: LocalGame) {
        val (x, y) = a.state() to b.state()
        assertEquals(a.id(), b.id())
        assertEquals(x.history, y.history)
        assertEquals(x.holes, y.holes)
        assertEquals(x.players, y.players)
        assertEquals(x.toMove, y.toMove)
        assertEquals(x.outcome, y.outcome)
    }

    /** Every game the listing gives, to continue or finished. */
    private fun GameLibrary.listed(): List<GameCard> = listing().let { it.playing + it.finished }

    @Test
    fun slotsAreKeptAndNeverReplacedWithoutAsking() {
        val library = GameLibrary.open(folder().toString())
        assertTrue(library.listed().isEmpty())
        // A game nobody has touched is not written.
        library.keepLocal(solo(), false)
        assertTrue(library.listed().isEmpty())

        val first = solo()
        library.keepLocal(first, false)
        first.played()
        val saved = library.listing().playing.single()
        assertEquals(first.id(), saved.id)
        assertEquals(SavedGameKind.SOLO, saved.kind)
        assertEquals(Preset.TRIPOT, saved.preset)
        assertEquals(first.state().players.map { it.name }, saved.seats.map { it.name })
        // Whom the card names is the core's: the opponent of the person here.
        assertEquals(CardNames.Opponents(saved.seats.drop(1)), saved.names)
        assertEquals(1, saved.moves)
        assertNull(saved.outcome)
        val now = System.currentTimeMillis() / 1000
        assertTrue(saved.lastPlayedS.toLong() in now - 60..now + 60, "saved at ${saved.lastPlayedS}, now $now")

        // The same game, one move on: its own slot, no question.
        first.setAiTimeLimit(50L)
        first.aiMove()
        val again = library.listing().playing.single()
        assertEquals(first.id(), again.id)
        assertEquals(2, again.moves)

        // Another solo game: refused until the caller says to replace.
        val second = solo(AiLevel.EASY).played()
        assertNotEquals(first.id(), second.id())
        val refused = assertThrows<LibraryException.WouldReplace> { library.keepLocal(second, false) }
        assertEquals(first.id(), refused.existing.id)
        assertEquals(SavedGameKind.SOLO, refused.existing.kind)
        assertEquals(listOf(first.id()), library.listed().map { it.id })

        // A pass-and-play game has a slot of its own.
        val people = hotseat().played()
        library.keepLocal(people, false)
        val hot = library.listing().playing.first { it.id == people.id() }
        assertEquals(SavedGameKind.PASS_AND_PLAY, hot.kind)
        assertEquals(Preset.CLASSIC, hot.preset)
        assertEquals(listOf(PlayerName.Numbered(1), PlayerName.Numbered(2)), hot.seats.map { it.name })
        assertEquals(CardNames.Players(hot.seats), hot.names, "pass-and-play names every player")
        assertEquals(setOf(first.id(), people.id()), library.listed().map { it.id }.toSet())
        // A second pass-and-play game asks too.
        val otherHot = hotseat().played()
        assertEquals(people.id(), assertThrows<LibraryException.WouldReplace> { library.keepLocal(otherHot, false) }.existing.id)

        // Replacing: the first solo game goes (the new one has a move: written at once).
        library.keepLocal(second, true)
        val games = library.listing().playing
        assertEquals(setOf(second.id(), people.id()), games.map { it.id }.toSet())
        // Last played first.
        assertEquals(games.sortedByDescending { it.lastPlayedS }.map { it.lastPlayedS }, games.map { it.lastPlayedS })
        assertThrows<LibraryException.NotFound> { library.openGame(first.id()) }

        // Opened again: the same game, with the same history, and it plays on.
        val opened = library.openGame(second.id())
        sameGame(second, opened)
        sameGame(people, library.openGame(people.id()))
        assertTrue(opened.state().aiToMove)
        opened.setAiTimeLimit(50L)
        assertEquals(2, opened.aiMove().history.size)
        // A library on another folder has none of them.
        assertTrue(GameLibrary.open(folder().toString()).listed().isEmpty())

        library.remove(second.id())
        assertEquals(listOf(people.id()), library.listed().map { it.id })
        assertThrows<LibraryException.NotFound> { library.openGame(second.id()) }
        library.remove(second.id()) // removing again is no error
        // An online session is only written when a game of ours is on.
        library.keepOnline(OnlineGame())
        assertEquals(listOf(people.id()), library.listed().map { it.id })
    }

    @Test
    fun aKeptGameSavesItselfAfterEveryMoveAndLeavesContinueWhenItEnds() {
        val dir = folder()
        val library = GameLibrary.open(dir.toString())
        val game = solo(AiLevel.EASY)
        assertEquals(SaveStatus.NotKept, game.state().storage)
        library.keepLocal(game, false)
        assertEquals(SaveStatus.Saved, game.state().storage)
        assertTrue(library.listing().playing.isEmpty(), "untouched: nothing written")
        game.played()
        game.setAiTimeLimit(50L)
        assertEquals(SaveStatus.Saved, game.aiMove().storage)
        // No save call: both moves are on disk, as a second library on the folder sees.
        val card = GameLibrary.open(dir.toString()).listing().playing.single()
        assertEquals(game.id(), card.id)
        assertEquals(SavedGameKind.SOLO, card.kind)
        assertEquals(Preset.TRIPOT, card.preset)
        assertEquals(2, card.moves)
        assertEquals(0, card.toMove)
        val easy = opponents().first { it.level == AiLevel.EASY }.name
        assertEquals(
            listOf(CardSeat(PlayerName.You, SeatPlayer.Person), CardSeat(PlayerName.Named(easy), SeatPlayer.Ai(AiLevel.EASY))),
            card.seats,
        )
        assertNull(card.outcome)
        // A second solo game asks before it takes the slot, and takes it only at its first move.
        val second = solo()
        val refused = assertThrows<LibraryException.WouldReplace> { library.keepLocal(second, false) }
        assertEquals(game.id(), refused.existing.id)
        library.keepLocal(second, true)
        assertEquals(listOf(game.id()), library.listing().playing.map { it.id })
        // Continue: reopened kept; resigned, it is finished at once and counted once.
        val back = library.openGame(game.id())
        sameGame(game, back)
        back.resign()
        val listing = library.listing()
        assertTrue(listing.playing.isEmpty(), "a resigned game is not one to continue")
        assertEquals(game.id(), listing.finished.single().id)
        assertEquals(EndReason.RESIGNED, listing.finished.single().outcome!!.reason)
        assertEquals(1, library.statistics().first { it.level == AiLevel.EASY }.lost)
        // Opened again, and the library opened anew: still counted once.
        library.openGame(game.id())
        assertEquals(1, GameLibrary.open(dir.toString()).statistics().first { it.level == AiLevel.EASY }.played)
        // An unreadable file is listed with its reason and left alone.
        val bad = dir.resolve("games").resolve("0123456789abcdef.json")
        Files.writeString(bad, """{"format":"chinese-checkers-saved-game","version":9}""")
        val unreadable = library.listing().unreadable.single()
        assertEquals("0123456789abcdef", unreadable.id)
        assertEquals(9, (unreadable.reason as UnreadableReason.TooNew).found)
        assertTrue(Files.exists(bad))
    }

    @Test
    fun aLibraryReopenedOnItsFolderSeesTheSameGames() {
        val dir = folder()
        val game = solo().played()
        GameLibrary.open(dir.toString()).keepLocal(game, false)
        val library = GameLibrary.open(dir.toString())
        assertEquals(listOf(game.id()), library.listed().map { it.id })
        sameGame(game, library.openGame(game.id()))
    }

    @Test
    fun aDamagedFileIsLeftOutAndReported() {
        val dir = folder()
        val library = GameLibrary.open(dir.toString())
        val game = solo().played()
        val people = hotseat().played()
        library.keepLocal(game, false)
        library.keepLocal(people, false)
        val file = dir.resolve("games").resolve("${game.id()}.json")
        assertTrue(Files.exists(file), "no file $file")
        Files.writeString(file, "garbage, not json")
        assertEquals(listOf(people.id()), library.listed().map { it.id })
        assertEquals(listOf(game.id()), library.listing().unreadable.map { it.id })
        val damaged = assertThrows<LibraryException.Damaged> { library.openGame(game.id()) }
        assertTrue(damaged.detail.isNotEmpty())
        assertTrue(damaged.file.contains(game.id()), damaged.file)
        assertTrue(Files.exists(file), "the damaged file is kept")
        // A file from a newer version is refused as such.
        Files.writeString(file, """{"format":"chinese-checkers-saved-game","version":7}""")
        val tooNew = assertThrows<LibraryException.TooNew> { library.openGame(game.id()) }
        assertEquals(7, tooNew.found)
        assertTrue(tooNew.supported in 1 until 7, "supported ${tooNew.supported}")
        // A saved game whose save text is damaged is refused on opening.
        Files.writeString(
            file,
            Files.readString(dir.resolve("games").resolve("${people.id()}.json"))
                .replace("\"format\":\"chinese-checkers-session\"", "\"format\":\"nonsense\""),
        )
        assertThrows<LibraryException.Damaged> { library.openGame(game.id()) }
        // Removing it clears the way.
        library.remove(game.id())
        assertFalse(Files.exists(file))
    }

    @Test
    fun aResignationCountsOneLossAgainstTheRightOpponent() {
        val dir = folder()
        val library = GameLibrary.open(dir.toString())
        assertTrue(library.statistics().all { it.played == 0 })
        val g = solo(AiLevel.MEDIUM)
        library.keepLocal(g, false)
        g.played()
        assertTrue(library.statistics().all { it.played == 0 }, "not over")
        g.resign()
        // Seen again: counted once.
        library.openGame(g.id())
        val stats = library.statistics()
        assertEquals(opponents().map { it.level }, stats.map { it.level })
        assertEquals(opponents().map { it.name }, stats.map { it.name })
        val medium = stats.first { it.level == AiLevel.MEDIUM }
        assertEquals(
            OpponentStatistics(AiLevel.MEDIUM, opponents().first { it.level == AiLevel.MEDIUM }.name, 1, 0, 1, 0, null),
            medium,
        )
        assertTrue(stats.filter { it.level != AiLevel.MEDIUM }.all { it.played + it.won + it.lost + it.drawn == 0 })
        // Another library on the same folder: the statistics are on disk.
        assertEquals(stats, GameLibrary.open(dir.toString()).statistics())
        // A game from a position never counts; nor does a game between people.
        val pos = positionFromJson(
            """{"rules":"tripot","players":[{"colours":["S"]},{"colours":["N"]}],
            "pegs":{"S":[[-1,5]],"N":[[4,-8]]},"to_move":0}"""
        )
        val fromPosition = LocalGame.fromPosition(pos, listOf(person(), ai(AiLevel.MEDIUM)), 0L)
        library.keepLocal(fromPosition, false)
        fromPosition.tap(-1, 5)
        fromPosition.tap(-1, 4)
        fromPosition.resign()
        assertNotNull(fromPosition.state().outcome)
        val people = hotseat().played()
        library.keepLocal(people, false)
        people.resign()
        assertNotNull(people.state().outcome)
        assertEquals(3, library.listing().finished.size)
        assertEquals(stats, library.statistics())
        // Two games against the AI count separately.
        val again = solo(AiLevel.MEDIUM)
        library.keepLocal(again, false)
        again.played()
        again.resign()
        assertEquals(2, library.statistics().first { it.level == AiLevel.MEDIUM }.lost)
    }
}
