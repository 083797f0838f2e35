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
import app.chinesecheckers.core.SaveException
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.SetupException
import app.chinesecheckers.core.Unreachable
import app.chinesecheckers.core.WinRule
import app.chinesecheckers.ui.online.TimeControlChoice

/** The English wording. */
object EnglishStrings : Strings {
    override val language = Language.English

    override val appName = "Chinese Checkers"
    override val solo = "Solo"
    override val passAndPlay = "Pass & play"
    override val online = "Online"
    override val rules = "Rules"
    override val statistics = "Statistics"
    override val settings = "Settings"
    override val continueGame = "Continue"
    override val back = "Back"
    override val start = "Start"
    override val cancel = "Cancel"
    override val close = "Close"
    override fun replaceInterrupted(kind: SavedGameKind, moves: Int) =
        "Start a new game? Your interrupted ${savedGameKind(kind).lowercase()} game ($moves moves) will be replaced."
    override val replace = "Replace"
    override fun savedGameKind(kind: SavedGameKind) = when (kind) {
        SavedGameKind.SOLO -> "Solo"
        SavedGameKind.PASS_AND_PLAY -> "Pass & play"
        SavedGameKind.ONLINE -> "Online"
    }
    override fun savedGameLine(kind: SavedGameKind, preset: Preset, moves: Int) =
        "${savedGameKind(kind)} · ${preset(preset)} · $moves ${if (moves == 1) "move" else "moves"}"
    override fun cardOpponents(names: List<String>) = "vs " + names.joinToString(", ")
    override fun cardPlayers(names: List<String>) = names.joinToString(", ")
    override fun nameWithLevel(name: String, level: AiLevel) = "$name (${aiLevel(level)})"
    override fun lastPlayed(secondsAgo: Long) = when {
        secondsAgo < 60 -> "played just now"
        secondsAgo < 3600 -> "played ${secondsAgo / 60} min ago"
        secondsAgo < 86_400 -> (secondsAgo / 3600).let { "played $it ${if (it == 1L) "hour" else "hours"} ago" }
        else -> (secondsAgo / 86_400).let { "played $it ${if (it == 1L) "day" else "days"} ago" }
    }
    override fun saveFailed(detail: String) = "This game could not be saved ($detail). It is safe while the app is open."
    override val retrySave = "Try again"

    override val newGame = "New game"
    override val ruleSet = "Rule set"
    override fun preset(preset: Preset) = when (preset) {
        Preset.TRIPOT -> "Tripot"
        Preset.CLASSIC -> "Classic"
        Preset.STERNHALMA -> "Sternhalma"
        Preset.RULEBOOK -> "Rulebook"
    }
    override fun presetSummary(preset: Preset) = when (preset) {
        Preset.TRIPOT -> "The Nice club duel: long jumps, swaps, never stuck"
        Preset.CLASSIC -> "Red against blue, short jumps, fill the far camp"
        Preset.STERNHALMA -> "2 to 6 players, camp rule and target lock"
        Preset.RULEBOOK -> "A neutral base for the traditional variants"
    }
    override val players = "Players"
    override val coloursPerSide = "Colours per side"
    override val moreOptions = "More options"
    override val fewerOptions = "Fewer options"
    override fun seat(number: Int) = "Seat $number"
    override val person = "Person"
    override fun aiLevel(level: AiLevel) = when (level) {
        AiLevel.BEGINNER -> "Beginner"
        AiLevel.EASY -> "Easy"
        AiLevel.MEDIUM -> "Medium"
        AiLevel.HARD -> "Hard"
        AiLevel.IMPOSSIBLE -> "Impossible"
    }
    override fun personality(level: AiLevel) = when (level) {
        AiLevel.BEGINNER -> "Strolls forward one peg at a time and rarely sees a long jump."
        AiLevel.EASY -> "Loves a good jump, but only ever thinks about this turn."
        AiLevel.MEDIUM -> "Plans a couple of moves ahead and builds ladders when he can."
        AiLevel.HARD -> "Patient and precise: reads deep, blocks your ladders, wastes nothing."
        AiLevel.IMPOSSIBLE -> "Calculates everything. Every tempo counts against her."
    }
    override val opponent = "Opponent"
    override val yourColour = "Your colour"
    override val whoOpens = "Who opens"
    override fun openerFixed(colour: String) = "$colour opens: in these rules the first seat always opens."
    override val openerYou = "You"
    override val openerOpponent = "Opponent"
    override fun openerSeat(number: Int) = "Seat $number"
    override val coinToss = "Coin toss"
    override fun colour(colour: Colour) = when (colour) {
        Colour.S -> "Red"
        Colour.SW -> "Orange"
        Colour.NW -> "Yellow"
        Colour.N -> "Blue"
        Colour.NE -> "Green"
        Colour.SE -> "Purple"
    }
    override fun optionJumpReach(reach: Int) = if (reach <= 1) "Short jumps" else "Jumps reach $reach holes"
    override val optionCamps = "Foreign camps"
    override fun camps(camps: Camps) = when (camps) {
        Camps.OPEN -> "Open"
        Camps.NO_STOPPING_IN_FOREIGN -> "Pass through, no stopping"
        Camps.NO_FOREIGN -> "Forbidden"
    }
    override val optionTargetLock = "Target lock"
    override val optionSwaps = "Blocked-peg swaps"
    override val optionMandatoryJump = "Jumping is compulsory"
    override val optionMaxChain = "Longest chain"
    override fun maxChain(maxChain: MaxChain) = when (maxChain) {
        MaxChain.OFF -> "Free"
        MaxChain.PER_PIECE -> "Longest per peg"
        MaxChain.ARMY -> "Longest of all pegs"
    }
    override val optionAntiBlocking = "Anti-blocking"
    override val optionBlockedDestination = "Blocked destination"
    override val optionContinueForPlaces = "Continue for places"
    override val optionRanking = "Ranking"
    override fun ranking(ranking: Ranking) = when (ranking) {
        Ranking.DISTANCE -> "Remaining distance"
        Ranking.PEGS_THEN_DISTANCE -> "Pegs home, then distance"
    }
    override val optionWin = "Win"
    override fun winRule(rule: WinRule) = when (rule) {
        WinRule.ALL_OWN -> "Fill the target with your own pegs"
        WinRule.FILLED_WITH_ONE_OWN -> "Target full, one peg your own"
    }
    override val optionDeadlock = "Deadlock"
    override fun deadlock(deadlock: Deadlock) = when (deadlock) {
        Deadlock.PEG_COUNT -> "Decided by pegs home"
        Deadlock.NONE -> "A draw"
    }
    override fun optionPegs(pegs: Int) = "$pegs pegs"
    override fun unreadableGames(count: Int) = if (count == 1) "1 saved game could not be read" else "$count saved games could not be read"
    override val optionJumpReachName = "Jump reach"
    override val optionPegsName = "Pegs per colour"
    override val optionOn = "On"
    override val optionOff = "Off"

    override fun playerName(name: PlayerName) = when (name) {
        is PlayerName.Named -> name.name
        PlayerName.You -> "You"
        is PlayerName.Numbered -> "Player ${name.number}"
    }
    override fun toMove(name: String) = if (name == "You") "Your turn" else "$name to move"
    override fun thinking(name: String) = "$name is thinking…"
    override val stopThinking = "Stop"
    override val letAiPlay = "Let the AI play"
    override val endJump = "End jump"
    override val undo = "Undo"
    override val redo = "Redo"
    override val hint = "Hint"
    override val replay = "Replay"
    override val exitReplay = "Back to the game"
    override val history = "Moves"
    override val noMovesYet = "No moves yet."
    override val showMoveOnBoard = "Show on the board"
    override fun onTodaysBoard(words: String) = "$words — drawn on the board as it is now"
    override val zoomReset = "Whole board"
    override val offerDrawSlot = "Offer draw"
    override val answerDrawSlot = "Answer draw"
    override val exitReplaySlot = "Back to game"
    override fun moveKind(kind: MoveKind) = when (kind) {
        MoveKind.STEP -> "step"
        MoveKind.JUMP -> "jump"
        MoveKind.SWAP -> "swap"
        MoveKind.PASS -> "pass"
    }
    override fun historyEntry(number: Int, player: String, kind: MoveKind, from: String, to: String) =
        if (kind == MoveKind.PASS) "$number. $player passed" else "$number. $player: ${moveKind(kind)} $from → $to"
    override val resign = "Resign"
    override val offerDraw = "Offer a draw"
    override val acceptDraw = "Accept the draw"
    override val declineDraw = "Decline"
    override val answerDraw = "Answer the draw"
    override val resignTitle = "Resign this game?"
    override val resignConsequence = "The game ends now and counts as a loss for you. This cannot be undone."
    override val resignLeavesConsequence = "The computer plays your pegs from now on and the others play on; you are ranked last. This cannot be undone."
    override val offerDrawTitle = "Offer a draw?"
    override val offerDrawConsequence = "Your opponent is asked whether to end the game as a draw. If they accept, nobody wins."
    override val answerDrawTitle = "A draw is offered"
    override val answerDrawConsequence = "Accept, and the game ends as a draw: nobody wins. Decline, and the game goes on."
    override fun overLine(winners: String, reason: String) = "$winners $reason"
    override fun hintWords(kind: MoveKind, from: String, to: String) = "Hint: ${moveKind(kind)} from $from to $to"
    override fun jumpAgain(canEnd: Boolean) = if (canEnd) "Jump again, or $endJump" else "Jump again"
    override fun aiPaused(name: String) = "$name waits: $letAiPlay"
    override fun awayCountdown(name: String, left: String) = "$name has $left to come back"
    override val rematch = "Rematch"
    override val home = "Home"
    override fun banner(banner: Banner, names: (Int) -> String) = when (banner) {
        is Banner.CoinToss -> "Coin toss: ${names(banner.opener)} ${if (names(banner.opener) == "You") "open" else "opens"}"
        is Banner.TurnSkipped -> {
            val who = names(banner.player)
            val blocked = if (who == "You") "You were blocked" else "$who was blocked"
            val times = if (banner.times > 1) " ${banner.times} times" else ""
            "$blocked — turn skipped$times"
        }
        is Banner.AiThinking -> thinking(names(banner.player))
        is Banner.DrawOffered -> "${names(banner.by)} offered a draw"
        is Banner.DrawDeclined -> "${names(banner.by)} declined the draw"
        Banner.GameOver -> gameOver
        is Banner.Replay -> "Replay: move ${banner.shown} of ${banner.total}"
        Banner.Connecting -> "Connecting…"
        Banner.Reconnecting -> "Connection lost — reconnecting…"
        Banner.Replaced -> "This device connected again elsewhere — your games go on there. Open Online again to play here."
        Banner.Waiting -> "Waiting for an opponent…"
        is Banner.RoomCode -> "Room code ${banner.code}: share it with a friend"
        Banner.Sending -> "Sending your move…"
        Banner.Syncing -> "Catching up with the server…"
        is Banner.OpponentDisconnected -> "${names(banner.player)} lost the connection; the seat is held"
        is Banner.OpponentReconnected -> "${names(banner.player)} is back"
        is Banner.RematchOffered -> "${names(banner.by)} wants a rematch"
        is Banner.MoveTimedOut -> {
            val who = names(banner.player)
            if (who == "You") "Your time ran out — the move with the most progress was played for you"
            else "$who's time ran out — the move with the most progress was played for them"
        }
        is Banner.PlayerReplaced -> "${names(banner.player)} left — the computer plays their seat"
        is Banner.ServerError -> errorCode(banner.code)
    }
    override fun notice(notice: Notice, names: (Int) -> String) = when (notice) {
        Notice.NotYourTurn -> "It is not your turn."
        Notice.EmptyHole -> "Tap one of your pegs first."
        is Notice.NotYourPeg -> "That peg belongs to ${names(notice.owner)}."
        Notice.PegCannotMove -> "That peg cannot move."
        Notice.Watching -> "You are watching this game."
        is Notice.NotReachable -> "Not reachable: ${unreachable(notice.reason)}"
    }
    override fun unreachable(reason: Unreachable) = when (reason) {
        Unreachable.NO_PATH -> "no step or jump leads there."
        Unreachable.CAMP_RULE -> "a move may not end in a foreign camp."
        Unreachable.TARGET_LOCK -> "a peg in its target must stay there."
        Unreachable.MUST_JUMP -> "a jump is compulsory."
        Unreachable.LONGEST_CHAIN -> "the longest chain must be played."
        Unreachable.MUST_FREE_TARGET -> "you must free an opponent's target first."
    }
    override val gameOver = "Game over"
    override fun endReason(reason: EndReason, by: String?) = when (reason) {
        EndReason.WIN -> "The target camp is filled."
        EndReason.DEADLOCK -> "Nobody could move: decided by pegs home."
        EndReason.DRAW -> "A draw."
        EndReason.MOVE_LIMIT -> "The move limit was reached."
        EndReason.RESIGNED -> if (by != null) "$by resigned." else "A player resigned."
        EndReason.DRAW_AGREED -> "Draw agreed."
        EndReason.ABANDONED -> if (by != null) "$by left the game." else "The game was abandoned."
    }
    override fun winners(names: List<String>) = when {
        names.isEmpty() -> "Nobody won."
        names == listOf("You") -> "You won!"
        else -> "${names.joinToString(" and ")} won."
    }
    override fun place(place: Int) = when (place) {
        1 -> "1st"
        2 -> "2nd"
        3 -> "3rd"
        else -> "${place}th"
    }
    override fun holePosition(row: Int, place: Int) = "$row·$place"
    override fun holeLabel(row: Int, place: Int, pegColour: Colour?, owner: String?, highlight: Highlight): String {
        val peg = if (pegColour == null) "empty" else "${colour(pegColour).lowercase()} peg of $owner"
        val lit = if (highlight == Highlight.NONE) "" else ", ${highlight(highlight)}"
        return "Row $row, place $place, $peg$lit"
    }
    override fun highlight(highlight: Highlight) = when (highlight) {
        Highlight.NONE -> "plain"
        Highlight.SELECTED -> "selected"
        Highlight.STEP_TARGET -> "reachable by a step"
        Highlight.JUMP_TARGET -> "reachable by a jump"
        Highlight.SWAP_TARGET -> "swap possible"
        Highlight.CHAIN -> "on the jump path"
        Highlight.LAST_MOVE -> "last move"
        Highlight.HINT -> "hint"
    }

    override val quickMatch = "Quick match"
    override val notConnectedYet = "Not connected to the server yet: these wait for it."
    override val noServer = "No server is set for online play. Type its address under Settings → Advanced → Server address."
    override fun format(format: Format) = when (format) {
        Format.TRIPOT1 -> "Tripot, 1 colour"
        Format.TRIPOT2 -> "Tripot, 2 colours"
        Format.TRIPOT3 -> "Tripot, 3 colours"
        Format.CLASSIC -> "Classic"
        Format.STERNHALMA2 -> "Sternhalma · 2 players"
        Format.STERNHALMA3 -> "Sternhalma · 3 players"
        Format.STERNHALMA4 -> "Sternhalma · 4 players"
        Format.STERNHALMA6 -> "Sternhalma · 6 players"
    }
    override val searching = "Looking for an opponent…"
    override val lobby = "Lobby"
    override val createTable = "Create a table"
    override val closeTable = "Close the table"
    override val closeRoom = "Close the room"
    override val waitingForOpponent = "Your table is open: waiting for an opponent…"
    override val noTables = "No open tables. Create one!"
    override fun tableLine(host: String, format: Format) = "$host · ${format(format)}"
    override fun tableLine(host: String, format: Format, seated: Int, seats: Int) = "$host · ${format(format)} · $seated/$seats"
    override val seatedTitle = "Seated at the table"
    override fun freeSeats(count: Int) = if (count == 1) "1 free seat" else "$count free seats"
    override val startWithComputers = "Start with computer players"
    override val computerLevel = "Computer level"
    override fun seatComputer(level: AiLevel) = "Computer · ${aiLevel(level)}"
    override val timeControlTitle = "Time control"
    override fun timeControlChoice(choice: TimeControlChoice) = when (choice) {
        TimeControlChoice.Default -> "Default"
        TimeControlChoice.Untimed -> "Untimed"
        TimeControlChoice.PerMove30 -> "30 s a move"
        TimeControlChoice.Game5Plus5 -> "5 min + 5 s"
    }
    override fun clockLeft(name: String, time: String) = if (name == "You") "You have $time left" else "$name: $time left"
    override val seatAway = "away"
    override fun seatAwayLeft(left: String) = "away · $left"
    override val waitingForHost = "Waiting for more players or for the host to start…"
    override val leaveSeat = "Leave"
    override val join = "Join"
    override val privateRoom = "Private room"
    override val createRoom = "Create a room"
    override val joinRoom = "Join a room"
    override val roomCodeField = "Room code"
    override fun roomInvitation(code: String) = "Play Chinese Checkers with me! Room code: $code"
    override val share = "Share"
    override fun roomExpires(minutes: Int) = "The code is valid for $minutes min."
    override val invalidRoomCode = "That is not a room code (8 letters and digits)."
    override fun connection(connection: Connection) = when (connection) {
        Connection.CONNECTING -> "Connecting"
        Connection.RECONNECTING -> "Reconnecting"
        Connection.REPLACED -> "Connected elsewhere"
        Connection.CONNECTED -> "Connected"
    }
    override fun errorCode(code: ErrorCode) = when (code) {
        ErrorCode.MALFORMED -> "The server could not read a message."
        ErrorCode.UNKNOWN_MESSAGE -> "The server did not know a message."
        ErrorCode.BAD_MESSAGE -> "The server refused a message."
        ErrorCode.UNSUPPORTED_VERSION -> "Please update the app to play online."
        ErrorCode.ALREADY_GREETED -> "This connection was already set up."
        ErrorCode.HELLO_FIRST -> "The connection was not ready yet."
        ErrorCode.BAD_TOKEN -> "This device's identity was refused."
        ErrorCode.BAD_NAME -> "That display name is not allowed."
        ErrorCode.RATE_LIMITED -> "Too many requests: wait a moment."
        ErrorCode.TOO_LARGE -> "A message was too large."
        ErrorCode.TOO_MANY_ROOMS -> "You have too many rooms open."
        ErrorCode.TOO_MANY_TABLES -> "You have too many tables open."
        ErrorCode.ALREADY_SEARCHING -> "You are already looking for a game."
        ErrorCode.ROOM_NOT_FOUND -> "No room has that code (it may have expired)."
        ErrorCode.TABLE_NOT_FOUND -> "That table is gone."
        ErrorCode.OWN_TABLE -> "You cannot join your own table."
        ErrorCode.GAME_NOT_FOUND -> "That game no longer exists."
        ErrorCode.NOT_IN_GAME -> "You are not in a game."
        ErrorCode.WRONG_PLY -> "The board was out of date; it has been refreshed."
        ErrorCode.NOT_YOUR_TURN -> "It is not your turn."
        ErrorCode.ILLEGAL_MOVE -> "The server refused that move."
        ErrorCode.GAME_OVER -> "The game is over."
        ErrorCode.NOT_OVER -> "The game is not over yet."
        ErrorCode.NO_DRAW_OFFER -> "There is no draw offer to answer."
        ErrorCode.IDLE -> "Disconnected after a long silence."
        ErrorCode.SHUTTING_DOWN -> "The server is restarting."
        ErrorCode.INTERNAL -> "The server had a problem."
        ErrorCode.NOT_IN_THIS_FORMAT -> "This game's format does not allow that."
        ErrorCode.NOT_HOST -> "Only the table's host can do that."
    }
    override fun versus(name: String) = "against $name"

    override val yourGames = "Your games"
    override val noPastGames = "No finished games yet."
    override val watchGames = "Watch a game"
    override val noLiveGames = "No games in progress."
    override fun liveGameLine(format: String, players: List<String>, ply: Int) =
        "$format · ${players.joinToString(", ")} · ${if (ply == 1) "1 move" else "$ply moves"}"
    override val watching = "Watching"
    override val stopWatching = "Stop watching"
    override val watchWithCode = "Watch with a code"
    override val noGameWithCode = "No game is being played with that code."
    override fun pastResult(result: PastResult) = when (result) { PastResult.WON -> "Won"; PastResult.LOST -> "Lost"; PastResult.NO_WINNER -> "No winner" }
    override fun pastDate(endedMs: Long, nowMs: Long) = shortDate(endedMs, nowMs, "today", "yesterday", java.util.Locale.ENGLISH)
    override val yourRatings = "Your ratings"
    override fun ratingLine(preset: Preset, rating: Int, games: Int) = "${preset(preset)} $rating ($games ${if (games == 1) "game" else "games"})"
    override fun ratedName(name: String, rating: Int) = "$name ($rating)"
    override fun ratingChange(before: Int, after: Int) = "Rating $before → $after"

    override fun rulesText(preset: Preset) = when (preset) {
        Preset.TRIPOT -> listOf(
            RulesSection("Sides", "Two sides play 1, 2 or 3 neighbouring colours, each moving any one peg of its colours per turn. The opponent holds the opposite camps."),
            RulesSection("Moves", "Step to a neighbouring hole, or jump over one peg — a long jump may vault a peg up to 5 holes away to the same distance beyond. Jumps chain hop by hop; tap End jump to stop."),
            RulesSection("Win", "Fill every hole of your target camps with your own pegs. A single opposing peg left there stops you."),
            RulesSection("Swap", "A stuck peg, or your last peg facing a squatter, may swap places with a nearby opposing peg: that is the whole turn."),
            RulesSection("Skipped turn", "A side with no move passes. If both sides pass in a row, the side with more pegs home wins."),
        )
        Preset.CLASSIC -> listOf(
            RulesSection("Sides", "Red (south) against blue (north), 10 pegs each. Red always opens."),
            RulesSection("Moves", "Step to a neighbouring hole, or jump over an adjacent peg to the empty hole behind it; jumps may chain."),
            RulesSection("Win", "Fill all 10 holes of the opposite camp. An opposing peg still there blocks you until it leaves."),
            RulesSection("No move", "A player with no legal move passes; two passes in a row are a draw."),
        )
        Preset.STERNHALMA -> listOf(
            RulesSection("Players", "2, 3, 4 or 6 players, one colour and 10 marbles each, moving in turn clockwise."),
            RulesSection("Moves", "Step to a neighbouring hole, or jump over an adjacent marble; jumps may chain."),
            RulesSection("Camp rule", "A move may pass through any camp but may not end in a camp that is neither your home nor your target."),
            RulesSection("Target lock", "A marble already in its target camp must end its move inside it."),
            RulesSection("Win", "Your target camp is full and at least one marble in it is yours. The others are ranked by remaining distance; after 200 moves each, the nearest win."),
        )
        Preset.RULEBOOK -> listOf(
            RulesSection("Base", "Short jumps, open camps and no swaps, like Classic: a neutral base for the traditional variants."),
            RulesSection("Variants", "Super jumps, 15-peg duel, destination lock, no foreign triangles, compulsory and longest jumps, anti-blocking, partnerships and continuing for places are rule options under More options."),
        )
    }
    override val played = "Played"
    override val won = "Won"
    override val lost = "Lost"
    override val drawn = "Drawn"
    override val fewestMoves = "Fewest moves to win"
    override val noStatistics = "Play a solo game against an opponent to see your statistics here."

    override val sound = "Sound"
    override val haptics = "Vibration"
    override val animationSpeed = "Animation speed"
    override fun animationSpeed(speed: AnimationSpeed) = when (speed) {
        AnimationSpeed.Slow -> "Slow"
        AnimationSpeed.Normal -> "Normal"
        AnimationSpeed.Fast -> "Fast"
    }
    override val reducedMotion = "Reduce motion"
    override val aiPace = "Pause after each computer move"
    override val aiPaceHint = "So that every move can be seen in games with several computers; none with reduced motion."
    override fun aiPaceValue(millis: Int) = if (millis == 0) "Off" else "${seconds(millis)} s"
    override val boardRotation = "Turn the board to the player"
    override val boardRotationHint = "In pass & play, the player to move sits at the bottom."
    override val displayName = "Display name"
    override val serverAddress = "Server address"
    override val advanced = "Advanced"
    override val resetToDefault = "Reset to default"
    override fun defaultServer(address: String) = "Leave empty for the public server ($address)."
    override val noDefaultServer = "This build has no public server: type the address of one to play online (wss://…)."
    override val languageSetting = "Language"
    override fun languageName(language: Language) = when (language) {
        Language.English -> "English"
        Language.French -> "Français"
        Language.Chinese -> "简体中文"
    }
    override val systemDefault = "System"
    override val theme = "Theme"
    override fun theme(choice: ThemeChoice) = when (choice) {
        ThemeChoice.System -> "System"
        ThemeChoice.Light -> "Light"
        ThemeChoice.Dark -> "Dark"
    }

    override fun setupChange(change: app.chinesecheckers.core.SetupChange) = when (change) {
        is app.chinesecheckers.core.SetupChange.SeatCount -> "This rule set does not seat ${change.from} players: the game now has ${change.to}."
        is app.chinesecheckers.core.SetupChange.ColoursPerSide -> "Colours per side: ${change.to} now, not ${change.from} — this rule set allows no other."
        app.chinesecheckers.core.SetupChange.Opener -> "The first player opens in this rule set."
    }
    override fun setupError(e: SetupException) = when (e) {
        is SetupException.SeatCount -> "${preset(e.preset)} is played by ${e.allowed.joinToString(", ")} players, not ${e.found}."
        is SetupException.ColoursPerSide -> "${preset(e.preset)} allows ${e.allowed.joinToString(", ")} colours per side, not ${e.found}."
        is SetupException.OpenerFixed -> "In ${preset(e.preset)} the opener is fixed."
        is SetupException.NoSuchSeat -> "There is no seat ${e.index + 1} among ${e.seats}."
        is SetupException.BadRules -> "These rule options do not fit together (${e.detail})."
        is SetupException.BadPosition -> "That position cannot be played (${e.detail})."
        is SetupException.OptionFixed -> "In ${preset(e.preset)} this option cannot be changed."
        is SetupException.OptionValue -> "${preset(e.preset)} does not offer that choice."
    }
    override fun moveError(e: MoveException) = when (e) {
        is MoveException.GameOver -> "The game is over."
        is MoveException.NotYourTurn -> "It is not your turn."
        is MoveException.NotAiTurn -> "It is not the AI's turn."
        is MoveException.NothingToUndo -> "Nothing to undo."
        is MoveException.NothingToRedo -> "Nothing to redo."
        is MoveException.NoJumpInProgress -> "No jump is in progress."
        is MoveException.CannotEndHere -> "The jump cannot end here."
        is MoveException.DrawNotPossible -> "A draw cannot be offered now."
        is MoveException.NoDrawOffer -> "There is no draw offer."
        is MoveException.NothingToReplay -> "There is nothing to replay yet."
        is MoveException.NotReplaying -> "No replay is running."
        is MoveException.HintNotPossible -> "No hint now."
        is MoveException.MoveInFlight -> "Your last move is still being sent."
        is MoveException.NoGame -> "There is no game."
        is MoveException.NotOver -> "The game is not over yet."
        is MoveException.NotConnected -> "Not connected to the server."
        is MoveException.NoTransport -> "The connection to the server is not ready yet."
        is MoveException.Internal -> "Something went wrong (${e.detail})."
    }
    override fun libraryError(e: LibraryException) = when (e) {
        is LibraryException.WouldReplace -> "This would replace your interrupted ${savedGameKind(e.existing.kind).lowercase()} game."
        is LibraryException.NotFound -> "That saved game is gone."
        is LibraryException.Damaged -> "A saved game is damaged (${e.file})."
        is LibraryException.TooNew -> "A saved game comes from a newer version of the app."
        is LibraryException.Storage -> "The games could not be saved (${e.detail})."
    }
    override fun onlineError(e: OnlineException) = when (e) {
        is OnlineException.BadName -> "That display name is not allowed."
        is OnlineException.BadToken -> "This device's identity is damaged."
        is OnlineException.BadRoomCode -> invalidRoomCode
        is OnlineException.NotConnected -> "Not connected to the server."
        is OnlineException.GameInProgress -> "Finish the game in progress first."
        is OnlineException.NoGame -> "There is no online game."
        is OnlineException.NoTable -> "You have no open table."
        is OnlineException.NotSeated -> "You are not seated at a table."
        is OnlineException.NotHost -> "Only the table's host can start the game."
        is OnlineException.NotOver -> "The game is not over yet."
        is OnlineException.NoDrawOffer -> "There is no draw offer."
        is OnlineException.Malformed -> "The server sent something unreadable."
    }
    override fun saveError(e: SaveException) = when (e) {
        is SaveException.Corrupt -> "The saved game is damaged."
        is SaveException.TooNew -> "The saved game comes from a newer version of the app."
    }
}
