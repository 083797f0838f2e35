package app.chinesecheckers.ui.strings

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
import app.chinesecheckers.core.PastResult
import app.chinesecheckers.core.PlayerName
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Ranking
import app.chinesecheckers.core.RuleOption
import app.chinesecheckers.core.RuleOptionValue
import app.chinesecheckers.core.SaveException
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.SetupException
import app.chinesecheckers.core.Unreachable
import app.chinesecheckers.core.WinRule
import app.chinesecheckers.ui.online.TimeControlChoice

/** The languages the app is worded in; `code` is the BCP 47 tag a [Platform] reports. */
enum class Language(val code: String) {
    English("en"), French("fr"), Chinese("zh-Hans");

    companion object {
        /** The language of a BCP 47 tag ("fr-CA" → French, "zh" / "zh-CN" → Chinese), English otherwise. */
        fun fromTag(tag: String): Language {
            val lower = tag.lowercase()
            return when {
                lower.startsWith("fr") -> French
                lower.startsWith("zh") -> Chinese
                else -> English
            }
        }
    }
}

/** The wording of [language]. */
fun stringsFor(language: Language): Strings = when (language) {
    Language.English -> EnglishStrings
    Language.French -> FrenchStrings
    Language.Chinese -> ChineseStrings
}

/** The animation speeds offered in the settings. */
enum class AnimationSpeed(val factor: Float) { Slow(0.6f), Normal(1f), Fast(2f) }

/** Light, dark, or as the system says. */
enum class ThemeChoice { System, Light, Dark }

/** [millis] as seconds with at most one decimal, "0.6", "1", "1.5" (for the AI pace). */
internal fun seconds(millis: Int): String =
    if (millis % 1000 == 0) "${millis / 1000}" else "${millis / 1000}.${(millis % 1000) / 100}"

/** One headed paragraph of the in-app rules. */
data class RulesSection(val title: String, val body: String)

/**
 * Every word the app shows, in one language. The core words nothing: every banner, notice,
 * outcome, error and server refusal arrives as a kind, and is worded here. Android string
 * resources cannot reach the shared UI code, so the three languages are Kotlin objects.
 * `names(i)` gives the display name of player `i` wherever a kind names a player.
 */
interface Strings {
    val language: Language

    // Home and navigation
    val appName: String
    val solo: String
    val passAndPlay: String
    val online: String
    val rules: String
    val statistics: String
    val settings: String
    val continueGame: String
    val back: String
    val start: String
    val cancel: String
    val close: String
    /** Asked before a new game takes the slot of an interrupted one of [kind]. */
    fun replaceInterrupted(kind: SavedGameKind, moves: Int): String
    val replace: String
    fun savedGameKind(kind: SavedGameKind): String
    fun savedGameLine(kind: SavedGameKind, preset: Preset, moves: Int): String
    /** A Continue card's opponents (each already worded, the AI with its level). */
    fun cardOpponents(names: List<String>): String
    /** A Continue card's players when none of them is "you" (pass-and-play). */
    fun cardPlayers(names: List<String>): String
    /** A seat of a Continue card played by the AI: its name and level. */
    fun nameWithLevel(name: String, level: AiLevel): String
    /** When a Continue card's game was last played, [secondsAgo] before now. */
    fun lastPlayed(secondsAgo: Long): String
    /** The library could not write the game (it is intact in memory); [detail] is the core's reason. */
    fun saveFailed(detail: String): String
    /** Writes a game whose last write failed again. */
    val retrySave: String

    // New game
    val newGame: String
    val ruleSet: String
    fun preset(preset: Preset): String
    fun presetSummary(preset: Preset): String
    val players: String
    val coloursPerSide: String
    val moreOptions: String
    val fewerOptions: String
    fun seat(number: Int): String
    val person: String
    fun aiLevel(level: AiLevel): String
    fun personality(level: AiLevel): String
    val opponent: String
    val yourColour: String
    val whoOpens: String
    /** Who opens when the rules fix it (no choice offered): the first seat, of [colour]; said beside the seats. */
    fun openerFixed(colour: String): String
    val openerYou: String
    val openerOpponent: String
    fun openerSeat(number: Int): String
    val coinToss: String
    fun colour(colour: Colour): String
    fun optionJumpReach(reach: Int): String
    val optionCamps: String
    fun camps(camps: Camps): String
    val optionTargetLock: String
    val optionSwaps: String
    val optionMandatoryJump: String
    val optionMaxChain: String
    fun maxChain(maxChain: MaxChain): String
    val optionAntiBlocking: String
    val optionBlockedDestination: String
    val optionContinueForPlaces: String
    val optionRanking: String
    fun ranking(ranking: Ranking): String
    val optionWin: String
    fun winRule(rule: WinRule): String
    val optionDeadlock: String
    fun deadlock(deadlock: Deadlock): String
    fun optionPegs(pegs: Int): String
    val optionJumpReachName: String
    /** Home: [count] saved files the library could not read (damaged, or from a newer app). */
    fun unreadableGames(count: Int): String
    val optionPegsName: String
    val optionOn: String
    val optionOff: String

    /** The name of a rule option the new-game editor shows (the core lists which: `editableOptions`). */
    fun ruleOption(option: RuleOption): String = when (option) {
        RuleOption.JUMP_REACH -> optionJumpReachName
        RuleOption.CAMPS -> optionCamps
        RuleOption.TARGET_LOCK -> optionTargetLock
        RuleOption.WIN -> optionWin
        RuleOption.SWAPS -> optionSwaps
        RuleOption.DEADLOCK -> optionDeadlock
        RuleOption.PEGS -> optionPegsName
        RuleOption.MANDATORY_JUMP -> optionMandatoryJump
        RuleOption.MAX_CHAIN -> optionMaxChain
        RuleOption.ANTI_BLOCKING -> optionAntiBlocking
        RuleOption.BLOCKED_DESTINATION -> optionBlockedDestination
        RuleOption.CONTINUE_FOR_PLACES -> optionContinueForPlaces
        RuleOption.RANKING -> optionRanking
    }

    /** One value of a rule option, as its chip (or a switch's state) says it. */
    fun ruleOptionValue(value: RuleOptionValue): String = when (value) {
        is RuleOptionValue.JumpReach -> optionJumpReach(value.reach)
        is RuleOptionValue.Camps -> camps(value.camps)
        is RuleOptionValue.Win -> winRule(value.win)
        is RuleOptionValue.Deadlock -> deadlock(value.deadlock)
        is RuleOptionValue.Pegs -> optionPegs(value.pegs)
        is RuleOptionValue.MaxChain -> maxChain(value.maxChain)
        is RuleOptionValue.Ranking -> ranking(value.ranking)
        is RuleOptionValue.TargetLock -> if (value.on) optionOn else optionOff
        is RuleOptionValue.Swaps -> if (value.on) optionOn else optionOff
        is RuleOptionValue.MandatoryJump -> if (value.on) optionOn else optionOff
        is RuleOptionValue.AntiBlocking -> if (value.on) optionOn else optionOff
        is RuleOptionValue.BlockedDestination -> if (value.on) optionOn else optionOff
        is RuleOptionValue.ContinueForPlaces -> if (value.on) optionOn else optionOff
    }

    // Board
    fun playerName(name: PlayerName): String
    fun toMove(name: String): String
    fun thinking(name: String): String
    val stopThinking: String
    val letAiPlay: String
    val endJump: String
    val undo: String
    val redo: String
    val hint: String
    val replay: String
    val exitReplay: String
    val history: String
    val noMovesYet: String
    /** A history line's action: show that move on the board as arrows (or put them away again). */
    val showMoveOnBoard: String
    /** The words of an earlier move shown as arrows: said to be drawn over today's position, not the one it was played on. */
    fun onTodaysBoard(words: String): String
    /** The "1×" button of a zoomed board (its spoken name): back to the whole board. */
    val zoomReset: String
    /** The control bar's short words for Offer a draw, Answer the draw and Back to the game: one line in a phone's slot. */
    val offerDrawSlot: String
    val answerDrawSlot: String
    val exitReplaySlot: String
    fun moveKind(kind: MoveKind): String
    fun historyEntry(number: Int, player: String, kind: MoveKind, from: String, to: String): String
    val resign: String
    val offerDraw: String
    val acceptDraw: String
    val declineDraw: String
    /** The control bar's draw slot while a draw offered to us awaits an answer. */
    val answerDraw: String
    val resignTitle: String
    /** What resigning does, said before the player confirms. */
    val resignConsequence: String
    /** What resigning does in a game of three or more that goes on for the others. */
    val resignLeavesConsequence: String
    val offerDrawTitle: String
    /** What offering a draw does, said before the player confirms. */
    val offerDrawConsequence: String
    val answerDrawTitle: String
    /** What accepting or declining a draw does. */
    val answerDrawConsequence: String
    /** The status line once the game is over: who won, then how ([winners], [endReason]). */
    fun overLine(winners: String, reason: String): String
    /** The hint in words: the move's [kind] (the core's `hintKind`), from and to as hole positions ([holePosition]). */
    fun hintWords(kind: MoveKind, from: String, to: String): String
    /**
     * The status line while a tripot chain can hop on (the core's `TurnStatus.JumpAgain`):
     * "Jump again, or End jump" when the chain may stop here ([canEnd]), else "Jump again".
     */
    fun jumpAgain(canEnd: Boolean): String
    /** The status line while the AI's turn waits for the person (`TurnStatus.AiPaused`). */
    fun aiPaused(name: String): String
    /** The banner of a dropped opponent with the core's away countdown: "Bob has 2:41 to come back". */
    fun awayCountdown(name: String, left: String): String
    val rematch: String
    val home: String
    fun banner(banner: Banner, names: (Int) -> String): String
    fun notice(notice: Notice, names: (Int) -> String): String
    fun unreachable(reason: Unreachable): String
    val gameOver: String
    fun endReason(reason: EndReason, by: String?): String
    fun winners(names: List<String>): String
    fun place(place: Int): String
    fun holePosition(row: Int, place: Int): String
    fun holeLabel(row: Int, place: Int, pegColour: Colour?, owner: String?, highlight: Highlight): String
    fun highlight(highlight: Highlight): String

    // Online
    val quickMatch: String
    /** Under the online choices until the server has welcomed this device: why they wait. */
    val notConnectedYet: String
    /** On the online screen of a build without a default server, none chosen: how to choose one. */
    val noServer: String
    fun format(format: Format): String
    val searching: String
    val lobby: String
    val createTable: String
    val closeTable: String
    /** Cancels our waiting private room: its code stops working. */
    val closeRoom: String
    val waitingForOpponent: String
    val noTables: String
    fun tableLine(host: String, format: Format): String
    /** A lobby row of a table of 3 or more seats: host, format and "seated/seats". */
    fun tableLine(host: String, format: Format, seated: Int, seats: Int): String
    /** The title of the panel shown while our table or room of 3 or more seats fills. */
    val seatedTitle: String
    fun freeSeats(count: Int): String
    /** The host's button: start now, the computer playing the empty seats. */
    val startWithComputers: String
    val computerLevel: String
    /** An AI seat of an online game of 3 or more seats: "Computer · <level>". */
    fun seatComputer(level: AiLevel): String
    /** The mark of a seat whose player is not connected. */
    val seatAway: String
    /** The mark of an away seat with the core's countdown: "away · 2:41". */
    fun seatAwayLeft(left: String): String
    /** The heading of the time control picked for a new table or room. */
    val timeControlTitle: String
    /** A time control on offer: the format's default, untimed, 30 s a move, 5 min + 5 s. */
    fun timeControlChoice(choice: TimeControlChoice): String
    /** The running clock of the side to move, as read out: "<name>: m:ss left". */
    fun clockLeft(name: String, time: String): String
    /** A guest's line while the table fills. */
    val waitingForHost: String
    /** Leaves the filling table or room. */
    val leaveSeat: String
    val join: String
    val privateRoom: String
    val createRoom: String
    val joinRoom: String
    val roomCodeField: String
    fun roomInvitation(code: String): String
    val share: String
    fun roomExpires(minutes: Int): String
    val invalidRoomCode: String
    fun connection(connection: Connection): String
    fun errorCode(code: ErrorCode): String
    fun versus(name: String): String

    // Online records and ratings
    /** The lobby's button and section of our finished games. */
    val yourGames: String
    val noPastGames: String

    /** "Watch a game": the public games in progress, watched read-only. */
    val watchGames: String
    val noLiveGames: String
    /** One game in progress: "Classic · Bob, Cy · 12 moves". */
    fun liveGameLine(format: String, players: List<String>, ply: Int): String
    /** Shown above the board of a game we watch. */
    val watching: String
    val stopWatching: String
    /** The button that watches the game of the room whose code was typed. */
    val watchWithCode: String
    /** The server found no game for the code typed (wrong, expired, or the room has not started). */
    val noGameWithCode: String
    /** Our result in a finished game: true won, false lost, null no winner. */
    fun pastResult(result: PastResult): String
    /** When a game ended: "today", "yesterday" or a short date. */
    fun pastDate(endedMs: Long, nowMs: Long): String
    val yourRatings: String
    /** "Tripot 1535 (3 games)". */
    fun ratingLine(preset: Preset, rating: Int, games: Int): String
    /** A table host's name with their rating. */
    fun ratedName(name: String, rating: Int): String
    /** "Rating 1500 → 1662", at a rated game's end. */
    fun ratingChange(before: Int, after: Int): String

    // Rules and statistics
    fun rulesText(preset: Preset): List<RulesSection>
    val played: String
    val won: String
    val lost: String
    val drawn: String
    val fewestMoves: String
    val noStatistics: String

    // Settings
    val sound: String
    val haptics: String
    val animationSpeed: String
    fun animationSpeed(speed: AnimationSpeed): String
    val reducedMotion: String
    /** The setting of how long each AI move stays on the board before the next AI thinks. */
    val aiPace: String
    val aiPaceHint: String
    /** One AI pace on offer: "Off" for 0, else seconds ("0.6 s"). */
    fun aiPaceValue(millis: Int): String
    val boardRotation: String
    val boardRotationHint: String
    val displayName: String
    val serverAddress: String
    /** The collapsed section that holds the server address. */
    val advanced: String
    /** Puts the server back to the default. */
    val resetToDefault: String
    /** Under the server field: an empty field means [address], the public server. */
    fun defaultServer(address: String): String
    /** Under the server field of a build without a default server: the field must name one. */
    val noDefaultServer: String
    val languageSetting: String
    fun languageName(language: Language): String
    val systemDefault: String
    val theme: String
    fun theme(choice: ThemeChoice): String

    // Errors
    /** A choice a change of rule set could not keep, in a sentence (`setupForRuleSet`). */
    fun setupChange(change: app.chinesecheckers.core.SetupChange): String
    fun setupError(e: SetupException): String
    /** Why an action on any board (local, online, puzzle, lesson) was refused. */
    fun moveError(e: MoveException): String
    fun libraryError(e: LibraryException): String
    fun onlineError(e: OnlineException): String
    fun saveError(e: SaveException): String
}

/**
 * "today", "yesterday" (in this device's time zone) or the day as [locale] writes it: day and
 * month this year, the medium date with its year before.
 */
internal fun shortDate(endedMs: Long, nowMs: Long, today: String, yesterday: String, locale: java.util.Locale): String {
    val zone = java.time.ZoneId.systemDefault()
    val day = java.time.Instant.ofEpochMilli(endedMs).atZone(zone).toLocalDate()
    val now = java.time.Instant.ofEpochMilli(nowMs).atZone(zone).toLocalDate()
    val formatter = when {
        day.year != now.year -> java.time.format.DateTimeFormatter.ofLocalizedDate(java.time.format.FormatStyle.MEDIUM)
        locale.language == "zh" -> java.time.format.DateTimeFormatter.ofPattern("M月d日")
        else -> java.time.format.DateTimeFormatter.ofPattern("d MMM")
    }
    return when (day) {
        now -> today
        now.minusDays(1) -> yesterday
        else -> day.format(formatter.withLocale(locale))
    }
}
