package app.chinesecheckers.ui

import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Camps
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.Deadlock
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.LibraryException
import app.chinesecheckers.core.MaxChain
import app.chinesecheckers.core.MoveException
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.Notice
import app.chinesecheckers.core.OnlineException
import app.chinesecheckers.core.PlayerName
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Ranking
import app.chinesecheckers.core.RuleOption
import app.chinesecheckers.core.RuleOptionValue
import app.chinesecheckers.core.SaveException
import app.chinesecheckers.core.SavedGame
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.SetupException
import app.chinesecheckers.core.Unreachable
import app.chinesecheckers.core.WinRule
import app.chinesecheckers.core.onlineFormats
import app.chinesecheckers.core.opponents
import app.chinesecheckers.ui.strings.EnglishStrings
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.strings.stringsFor
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Every kind the core can send has words in every language: the core's enums are enumerated
 * (so a kind added to the core and not worded fails here, as well as in the compiler's `when`),
 * and each sealed family's samples are checked to cover all of its variants.
 */
class StringsTest {
    private val languages = Language.entries.map(::stringsFor)
    private val names: (Int) -> String = { "P$it" }

    /** Every variant of each sealed family the core sends, one sample each. */
    private val banners = listOf(
        Banner.CoinToss(1), Banner.TurnSkipped(0, 2, 1), Banner.AiThinking(1), Banner.DrawOffered(0),
        Banner.DrawDeclined(1), Banner.GameOver, Banner.Replay(3, 9), Banner.Connecting, Banner.Reconnecting, Banner.Replaced,
        Banner.Waiting, Banner.RoomCode("ABCD2345"), Banner.Sending, Banner.Syncing, Banner.OpponentDisconnected(1, null),
        Banner.OpponentReconnected(1), Banner.RematchOffered(0), Banner.PlayerReplaced(2), Banner.MoveTimedOut(0), Banner.MoveTimedOut(2),
        Banner.ServerError(ErrorCode.ROOM_NOT_FOUND),
    )
    private val notices = listOf(Notice.NotYourTurn, Notice.EmptyHole, Notice.NotYourPeg(1), Notice.PegCannotMove, Notice.Watching) +
        Unreachable.entries.map { Notice.NotReachable(it) }
    private val saved = SavedGame("id", SavedGameKind.SOLO, Preset.TRIPOT, listOf(PlayerName.You), 3, false, 0L)
    private val moveErrors = listOf(
        MoveException.GameOver(), MoveException.NotYourTurn(), MoveException.NotAiTurn(), MoveException.NothingToUndo(),
        MoveException.NothingToRedo(), MoveException.NoJumpInProgress(), MoveException.CannotEndHere(),
        MoveException.DrawNotPossible(), MoveException.NoDrawOffer(), MoveException.NothingToReplay(),
        MoveException.NotReplaying(), MoveException.HintNotPossible(), MoveException.MoveInFlight(),
        MoveException.NoGame(), MoveException.NotOver(), MoveException.NotConnected(), MoveException.NoTransport(),
        MoveException.Internal("x"),
    )
    private val setupErrors = listOf(
        SetupException.SeatCount(Preset.CLASSIC, 3, listOf(2)), SetupException.ColoursPerSide(Preset.TRIPOT, 4, listOf(1, 2, 3)),
        SetupException.OpenerFixed(Preset.CLASSIC), SetupException.NoSuchSeat(5, 2), SetupException.BadRules("x"),
        SetupException.BadPosition("x"), SetupException.OptionFixed(Preset.TRIPOT, RuleOption.SWAPS),
        SetupException.OptionValue(Preset.RULEBOOK, RuleOptionValue.JumpReach(9)),
    )
    private val onlineErrors = listOf(
        OnlineException.BadName("x"), OnlineException.BadToken("x"), OnlineException.BadRoomCode("x"),
        OnlineException.NotConnected(), OnlineException.GameInProgress(), OnlineException.NoGame(), OnlineException.NoTable(),
        OnlineException.NotOver(), OnlineException.NoDrawOffer(), OnlineException.Malformed("x"), OnlineException.NotSeated(), OnlineException.NotHost(),
    )
    private val libraryErrors = listOf(
        LibraryException.WouldReplace(saved), LibraryException.NotFound("x"), LibraryException.Damaged("f", "d"),
        LibraryException.TooNew(2, 1), LibraryException.Storage("f", "d"),
    )
    private val saveErrors = listOf(SaveException.Corrupt("x"), SaveException.TooNew(2, 1))

    private inline fun <reified T : Any> assertCoversEveryVariant(samples: List<T>) {
        val variants = T::class.java.declaredClasses.filter { T::class.java.isAssignableFrom(it) && it != T::class.java }
            .filter { !it.simpleName.startsWith("Uniffi") }
        assertEquals("samples of every ${T::class.java.simpleName}", variants.map { it.name }.toSet(), samples.map { it.javaClass.name }.toSet())
    }

    @Test
    fun theSamplesCoverEverySealedFamilyOfTheCore() {
        assertCoversEveryVariant(banners)
        assertCoversEveryVariant(notices)
        assertCoversEveryVariant(moveErrors)
        assertCoversEveryVariant(setupErrors)
        assertCoversEveryVariant(onlineErrors)
        assertCoversEveryVariant(libraryErrors)
        assertCoversEveryVariant(saveErrors)
    }

    /** Every text [word] gives for [kinds], in every language: present, and distinct within a language. */
    private fun <T> wordsOf(what: String, kinds: List<T>, distinct: Boolean = true, word: Strings.(T) -> String) {
        for (s in languages) {
            val texts = kinds.map { s.word(it) }
            texts.forEachIndexed { i, t -> assertTrue("${s.language} $what ${kinds[i]} is blank", t.isNotBlank()) }
            if (distinct) assertEquals("${s.language} $what: two kinds share words: $texts", texts.size, texts.toSet().size)
        }
    }

    @Test
    fun everyKindOfTheCoreIsWordedInEveryLanguage() {
        wordsOf("banner", banners) { banner(it, names) }
        wordsOf("notice", notices) { notice(it, names) }
        wordsOf("end reason", EndReason.entries) { endReason(it, "P1") }
        wordsOf("server error", ErrorCode.entries) { errorCode(it) }
        wordsOf("connection", Connection.entries) { connection(it) }
        wordsOf("preset", Preset.entries) { preset(it) }
        wordsOf("preset summary", Preset.entries) { presetSummary(it) }
        wordsOf("AI level", AiLevel.entries) { aiLevel(it) }
        wordsOf("personality", AiLevel.entries) { personality(it) }
        wordsOf("colour", Colour.entries) { colour(it) }
        wordsOf("move kind", MoveKind.entries) { moveKind(it) }
        wordsOf("highlight", Highlight.entries) { highlight(it) }
        // The online menu is the core's: every format it lists, each of the enum's cases once.
        assertEquals(Format.entries.toSet(), onlineFormats().toSet())
        assertEquals(Format.entries.size, onlineFormats().size)
        wordsOf("format", onlineFormats()) { format(it) }
        wordsOf("seat computer", AiLevel.entries) { seatComputer(it) }
        for (s in languages) assertTrue("${s.language} away", s.seatAway.isNotBlank())
        wordsOf("camps", Camps.entries) { camps(it) }
        wordsOf("max chain", MaxChain.entries) { maxChain(it) }
        wordsOf("ranking", Ranking.entries) { ranking(it) }
        wordsOf("win rule", WinRule.entries) { winRule(it) }
        wordsOf("deadlock", Deadlock.entries) { deadlock(it) }
        wordsOf("saved kind", SavedGameKind.entries) { savedGameKind(it) }
        wordsOf("rule option", RuleOption.entries) { ruleOption(it) }
        wordsOf("unreadable games", listOf(1, 2, 5)) { unreadableGames(it) }
        // Every value the core offers for an option has its own words (two chips never read alike).
        for (e in app.chinesecheckers.core.ruleSets().flatMap { it.editableOptions }) {
            wordsOf("${e.option} value", e.values) { ruleOptionValue(it) }
        }
        wordsOf("move error", moveErrors) { moveError(it) }
        wordsOf("setup error", setupErrors) { setupError(it) }
        wordsOf("online error", onlineErrors) { onlineError(it) }
        wordsOf("library error", libraryErrors) { libraryError(it) }
        wordsOf("save error", saveErrors) { saveError(it) }
        wordsOf("rules", Preset.entries) { rulesText(it).joinToString { s -> s.title + s.body } }
        wordsOf("player name", listOf(PlayerName.You, PlayerName.Numbered(2), PlayerName.Named("Ann"))) { playerName(it) }
        wordsOf("last played", listOf(5L, 600L, 7_200L, 172_800L)) { lastPlayed(it) }
        wordsOf("card opponents", listOf(listOf("Ann"), listOf("Ann", "Bob"))) { cardOpponents(it) }
        wordsOf("card players", listOf(listOf("Ann", "Bob"), listOf("Ann", "Bob", "Cy"))) { cardPlayers(it) }
        wordsOf("AI seat", AiLevel.entries) { nameWithLevel("Ann", it) }
        // The table's facts (issue 28): the chain, the paused AI, the hint's kind, the away countdown.
        wordsOf("hint", listOf(MoveKind.STEP, MoveKind.JUMP, MoveKind.SWAP)) { hintWords(it, "14·2", "13·7") }
        for (s in languages) {
            assertTrue("${s.language} jump again names End jump", s.jumpAgain(true).contains(s.endJump))
            assertFalse("${s.language} jump again without End jump", s.jumpAgain(false).contains(s.endJump))
            assertTrue("${s.language} AI paused", s.aiPaused("P1").contains("P1"))
            assertTrue("${s.language} away countdown", s.awayCountdown("P1", "2:41").let { it.contains("P1") && it.contains("2:41") })
            assertTrue("${s.language} away seat", s.seatAwayLeft("2:41").contains("2:41"))
        }
        for (s in languages) {
            assertTrue("${s.language} save failed names the reason", s.saveFailed("disk full").contains("disk full"))
            assertTrue("${s.language} retry", s.retrySave.isNotBlank())
        }
    }

    @Test
    fun frenchAndChineseAreTranslationsNotCopiesOfTheEnglish() {
        val en = EnglishStrings
        for (s in languages.filter { it.language != Language.English }) {
            for (b in banners.filter { it !is Banner.RoomCode }) assertNotEquals("${s.language} $b", en.banner(b, names), s.banner(b, names))
            for (e in ErrorCode.entries) assertNotEquals("${s.language} $e", en.errorCode(e), s.errorCode(e))
            for (n in notices) assertNotEquals("${s.language} $n", en.notice(n, names), s.notice(n, names))
            for (l in AiLevel.entries) assertNotEquals("${s.language} $l", en.personality(l), s.personality(l))
            assertNotEquals(en.settings, s.settings)
            assertNotEquals(en.advanced, s.advanced)
            assertNotEquals(en.resetToDefault, s.resetToDefault)
            assertNotEquals(en.defaultServer("wss://example/ws"), s.defaultServer("wss://example/ws"))
            assertNotEquals(en.rulesText(Preset.TRIPOT), s.rulesText(Preset.TRIPOT))
            assertNotEquals(en.saveFailed("x"), s.saveFailed("x"))
            assertNotEquals(en.retrySave, s.retrySave)
            assertNotEquals(en.lastPlayed(600), s.lastPlayed(600))
            assertNotEquals(en.jumpAgain(true), s.jumpAgain(true))
            assertNotEquals(en.aiPaused("P1"), s.aiPaused("P1"))
            assertNotEquals(en.hintWords(MoveKind.JUMP, "1·1", "3·1"), s.hintWords(MoveKind.JUMP, "1·1", "3·1"))
            assertNotEquals(en.awayCountdown("P1", "2:41"), s.awayCountdown("P1", "2:41"))
            assertNotEquals(en.endReason(EndReason.RESIGNED, en.playerName(PlayerName.You)), s.endReason(EndReason.RESIGNED, s.playerName(PlayerName.You)))
        }
        // The Chinese wording is written in Chinese characters.
        assertTrue(stringsFor(Language.Chinese).banner(Banner.Reconnecting, names).any { Character.UnicodeScript.of(it.code) == Character.UnicodeScript.HAN })
    }

    /**
     * Issue 38 item 9: the board's buttons and the dialogs' Cancel are told apart by their
     * words in every language (French once said "Annuler" for both Undo and Cancel).
     */
    @Test
    fun theBoardsButtonsAndCancelAreDifferentWordsInEveryLanguage() {
        for (s in languages) {
            val words = listOf(s.endJump, s.undo, s.redo, s.hint, s.replay, s.history, s.resign, s.offerDrawSlot, s.cancel)
            assertEquals("${s.undo}/${s.cancel}: $words", words.size, words.toSet().size)
        }
    }

    @Test
    fun theDefaultServersLineNamesTheBuildsAddressInEveryLanguage() {
        val address = "wss://play.example.org/ws"
        for (s in languages) {
            assertTrue("${s.language}", s.defaultServer(address).contains(address))
            // Without a default server (a source build) the field and the online screen say so.
            assertTrue("${s.language}", s.noDefaultServer.contains("wss://"))
            assertTrue("${s.language}", s.noServer.isNotBlank())
        }
    }

    @Test
    fun theFiveOpponentsOfTheCoreHaveAPersonalityInEveryLanguage() {
        val five = opponents()
        assertEquals(5, five.size)
        for (s in languages) {
            assertEquals(5, five.map { s.personality(it.level) }.toSet().size)
        }
    }

    @Test
    fun systemLanguageTagsChooseTheWording() {
        assertEquals(Language.French, Language.fromTag("fr-CA"))
        assertEquals(Language.Chinese, Language.fromTag("zh-Hans-CN"))
        assertEquals(Language.Chinese, Language.fromTag("zh"))
        assertEquals(Language.English, Language.fromTag("de-DE"))
    }
}
