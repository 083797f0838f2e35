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

/** The Simplified Chinese wording. */
object ChineseStrings : Strings {
    override val language = Language.Chinese

    override val appName = "中国跳棋"
    override val solo = "单人"
    override val passAndPlay = "同屏对战"
    override val online = "在线"
    override val rules = "规则"
    override val statistics = "统计"
    override val settings = "设置"
    override val continueGame = "继续"
    override val back = "返回"
    override val start = "开始"
    override val cancel = "取消"
    override val close = "关闭"
    override fun replaceInterrupted(kind: SavedGameKind, moves: Int) =
        "开始新对局？你中断的${savedGameKind(kind)}对局（已走 $moves 步）将被覆盖。"
    override val replace = "覆盖"
    override fun savedGameKind(kind: SavedGameKind) = when (kind) {
        SavedGameKind.SOLO -> "单人"
        SavedGameKind.PASS_AND_PLAY -> "同屏对战"
        SavedGameKind.ONLINE -> "在线"
    }
    override fun savedGameLine(kind: SavedGameKind, preset: Preset, moves: Int) =
        "${savedGameKind(kind)} · ${preset(preset)} · ${moves} 步"
    override fun cardOpponents(names: List<String>) = "对手：" + names.joinToString("、")
    override fun cardPlayers(names: List<String>) = names.joinToString("、")
    override fun nameWithLevel(name: String, level: AiLevel) = "$name（${aiLevel(level)}）"
    override fun lastPlayed(secondsAgo: Long) = when {
        secondsAgo < 60 -> "刚刚下过"
        secondsAgo < 3600 -> "${secondsAgo / 60} 分钟前下过"
        secondsAgo < 86_400 -> "${secondsAgo / 3600} 小时前下过"
        else -> "${secondsAgo / 86_400} 天前下过"
    }
    override fun saveFailed(detail: String) = "这局对局无法保存（$detail）。应用保持打开时对局不会丢失。"
    override val retrySave = "重试"

    override val newGame = "新对局"
    override val ruleSet = "规则"
    override fun preset(preset: Preset) = when (preset) {
        Preset.TRIPOT -> "尼斯俱乐部规则"
        Preset.CLASSIC -> "经典"
        Preset.STERNHALMA -> "星际跳棋"
        Preset.RULEBOOK -> "传统规则书"
    }
    override fun presetSummary(preset: Preset) = when (preset) {
        Preset.TRIPOT -> "尼斯俱乐部的双人对决：远跳、交换，永不卡死"
        Preset.CLASSIC -> "红对蓝，短跳，占满对面的营地"
        Preset.STERNHALMA -> "2 至 6 人，营地规则与目标锁定"
        Preset.RULEBOOK -> "传统变体的中性基础"
    }
    override val players = "玩家人数"
    override val coloursPerSide = "每方颜色数"
    override val moreOptions = "更多选项"
    override val fewerOptions = "收起选项"
    override fun seat(number: Int) = "座位 $number"
    override val person = "真人"
    override fun aiLevel(level: AiLevel) = when (level) {
        AiLevel.BEGINNER -> "入门"
        AiLevel.EASY -> "简单"
        AiLevel.MEDIUM -> "中等"
        AiLevel.HARD -> "困难"
        AiLevel.IMPOSSIBLE -> "极难"
    }
    override fun personality(level: AiLevel) = when (level) {
        AiLevel.BEGINNER -> "一次只挪一颗棋子，很少看到远跳。"
        AiLevel.EASY -> "喜欢漂亮的跳跃，但只考虑眼前这一步。"
        AiLevel.MEDIUM -> "提前想两步，能搭梯子就搭梯子。"
        AiLevel.HARD -> "耐心而精准：算得深，拆你的梯子，从不浪费。"
        AiLevel.IMPOSSIBLE -> "算尽一切。每一步先手都对她有利。"
    }
    override val opponent = "对手"
    override val yourColour = "你的颜色"
    override val whoOpens = "谁先走"
    override fun openerFixed(colour: String) = "${colour}先走：按此规则，第一个座位总是先走。"
    override val openerYou = "你"
    override val openerOpponent = "对手"
    override fun openerSeat(number: Int) = "座位 $number"
    override val coinToss = "掷硬币"
    override fun colour(colour: Colour) = when (colour) {
        Colour.S -> "红"
        Colour.SW -> "橙"
        Colour.NW -> "黄"
        Colour.N -> "蓝"
        Colour.NE -> "绿"
        Colour.SE -> "紫"
    }
    override fun optionJumpReach(reach: Int) = if (reach <= 1) "短跳" else "跳跃可达 $reach 格"
    override val optionCamps = "他人营地"
    override fun camps(camps: Camps) = when (camps) {
        Camps.OPEN -> "开放"
        Camps.NO_STOPPING_IN_FOREIGN -> "可穿过，不可停留"
        Camps.NO_FOREIGN -> "禁止进入"
    }
    override val optionTargetLock = "目标锁定"
    override val optionSwaps = "受困棋子交换"
    override val optionMandatoryJump = "必须跳"
    override val optionMaxChain = "最长连跳"
    override fun maxChain(maxChain: MaxChain) = when (maxChain) {
        MaxChain.OFF -> "自由"
        MaxChain.PER_PIECE -> "每颗棋子取最长"
        MaxChain.ARMY -> "全部棋子取最长"
    }
    override val optionAntiBlocking = "反堵塞"
    override val optionBlockedDestination = "目标被占"
    override val optionContinueForPlaces = "继续争名次"
    override val optionRanking = "排名方式"
    override fun ranking(ranking: Ranking) = when (ranking) {
        Ranking.DISTANCE -> "剩余距离"
        Ranking.PEGS_THEN_DISTANCE -> "先比到达棋子数，再比距离"
    }
    override val optionWin = "胜利条件"
    override fun winRule(rule: WinRule) = when (rule) {
        WinRule.ALL_OWN -> "用自己的棋子占满目标"
        WinRule.FILLED_WITH_ONE_OWN -> "目标占满且至少一颗是自己的"
    }
    override val optionDeadlock = "僵局"
    override fun deadlock(deadlock: Deadlock) = when (deadlock) {
        Deadlock.PEG_COUNT -> "按到达棋子数判定"
        Deadlock.NONE -> "和棋"
    }
    override fun optionPegs(pegs: Int) = "$pegs 颗棋子"
    override fun unreadableGames(count: Int) = "有 $count 局已保存的对局无法读取"
    override val optionJumpReachName = "跳跃距离"
    override val optionPegsName = "每色棋子数"
    override val optionOn = "开"
    override val optionOff = "关"

    override fun playerName(name: PlayerName) = when (name) {
        is PlayerName.Named -> name.name
        PlayerName.You -> "你"
        is PlayerName.Numbered -> "玩家 ${name.number}"
    }
    override fun toMove(name: String) = if (name == "你") "轮到你了" else "轮到 $name"
    override fun thinking(name: String) = "$name 正在思考…"
    override val stopThinking = "停止"
    override val letAiPlay = "让电脑走"
    override val endJump = "结束跳跃"
    override val undo = "悔棋"
    override val redo = "重做"
    override val hint = "提示"
    override val replay = "回放"
    override val exitReplay = "回到对局"
    override val history = "棋谱"
    override val noMovesYet = "还没有走棋。"
    override val showMoveOnBoard = "在棋盘上显示"
    override fun onTodaysBoard(words: String) = "$words（绘于当前棋盘上）"
    override val zoomReset = "整个棋盘"
    override val offerDrawSlot = "提和"
    override val answerDrawSlot = "回应和棋"
    override val exitReplaySlot = "回到对局"
    override fun moveKind(kind: MoveKind) = when (kind) {
        MoveKind.STEP -> "走"
        MoveKind.JUMP -> "跳"
        MoveKind.SWAP -> "交换"
        MoveKind.PASS -> "跳过"
    }
    override fun historyEntry(number: Int, player: String, kind: MoveKind, from: String, to: String) =
        if (kind == MoveKind.PASS) "$number. $player：跳过" else "$number. $player：${moveKind(kind)} $from → $to"
    override val resign = "认输"
    override val offerDraw = "提和"
    override val acceptDraw = "同意和棋"
    override val declineDraw = "拒绝"
    override val answerDraw = "回应和棋"
    override val resignTitle = "认输这一局？"
    override val resignConsequence = "对局立即结束，并记为你输。此操作无法撤销。"
    override val resignLeavesConsequence = "此后由电脑代下你的棋子，其他人继续对局；你排名最后。此操作无法撤销。"
    override val offerDrawTitle = "提议和棋？"
    override val offerDrawConsequence = "将询问对手是否同意以和棋结束对局。对手同意，则无人获胜。"
    override val answerDrawTitle = "对方提议和棋"
    override val answerDrawConsequence = "接受，对局以和棋结束，无人获胜；拒绝，对局继续。"
    override fun overLine(winners: String, reason: String) = "$winners$reason"
    override fun hintWords(kind: MoveKind, from: String, to: String) = "提示：${moveKind(kind)}，从 $from 到 $to"
    override fun jumpAgain(canEnd: Boolean) = if (canEnd) "继续跳，或点“$endJump”" else "继续跳"
    override fun aiPaused(name: String) = "$name 等待中：$letAiPlay"
    override fun awayCountdown(name: String, left: String) = "$name 还有 $left 可以回来"
    override val rematch = "再来一局"
    override val home = "主页"
    override fun banner(banner: Banner, names: (Int) -> String) = when (banner) {
        is Banner.CoinToss -> "掷硬币：${names(banner.opener)}先走"
        is Banner.TurnSkipped -> {
            val times = if (banner.times > 1) "（${banner.times} 次）" else ""
            "${names(banner.player)}无路可走 — 跳过一轮$times"
        }
        is Banner.AiThinking -> thinking(names(banner.player))
        is Banner.DrawOffered -> "${names(banner.by)}提出和棋"
        is Banner.DrawDeclined -> "${names(banner.by)}拒绝了和棋"
        Banner.GameOver -> gameOver
        is Banner.Replay -> "回放：第 ${banner.shown} / ${banner.total} 步"
        Banner.Connecting -> "正在连接…"
        Banner.Reconnecting -> "连接断开 — 正在重连…"
        Banner.Replaced -> "本设备已在别处重新连接 — 你的对局在那里继续。重新打开“在线”即可在这里继续。"
        Banner.Waiting -> "正在等待对手…"
        is Banner.RoomCode -> "房间码 ${banner.code}：分享给好友"
        Banner.Sending -> "正在发送你的走法…"
        Banner.Syncing -> "正在与服务器同步…"
        is Banner.OpponentDisconnected -> "${names(banner.player)}断线了，座位为其保留"
        is Banner.OpponentReconnected -> "${names(banner.player)}回来了"
        is Banner.RematchOffered -> "${names(banner.by)}想再来一局"
        is Banner.MoveTimedOut -> {
            val who = names(banner.player)
            if (who == "你") "你的时间用完了 — 已替你走了前进最多的一步"
            else "${who}的时间用完了 — 已替其走了前进最多的一步"
        }
        is Banner.PlayerReplaced -> "${names(banner.player)}离开了 — 由电脑接替其座位"
        is Banner.ServerError -> errorCode(banner.code)
    }
    override fun notice(notice: Notice, names: (Int) -> String) = when (notice) {
        Notice.NotYourTurn -> "还没轮到你。"
        Notice.EmptyHole -> "请先点选你的棋子。"
        is Notice.NotYourPeg -> "这颗棋子属于${names(notice.owner)}。"
        Notice.PegCannotMove -> "这颗棋子无法移动。"
        Notice.Watching -> "你正在观看这局棋。"
        is Notice.NotReachable -> "无法到达：${unreachable(notice.reason)}"
    }
    override fun unreachable(reason: Unreachable) = when (reason) {
        Unreachable.NO_PATH -> "没有走法或跳法能到那里。"
        Unreachable.CAMP_RULE -> "不能停在他人的营地里。"
        Unreachable.TARGET_LOCK -> "已在目标营地的棋子必须留在其中。"
        Unreachable.MUST_JUMP -> "必须跳。"
        Unreachable.LONGEST_CHAIN -> "必须走最长的连跳。"
        Unreachable.MUST_FREE_TARGET -> "必须先让出对手的目标营地。"
    }
    override val gameOver = "对局结束"
    override fun endReason(reason: EndReason, by: String?) = when (reason) {
        EndReason.WIN -> "目标营地已占满。"
        EndReason.DEADLOCK -> "双方都无法走棋：按到达棋子数判定。"
        EndReason.DRAW -> "和棋。"
        EndReason.MOVE_LIMIT -> "已达到步数上限。"
        EndReason.RESIGNED -> if (by != null) "${by}认输了。" else "有玩家认输了。"
        EndReason.DRAW_AGREED -> "双方同意和棋。"
        EndReason.ABANDONED -> if (by != null) "${by}离开了对局。" else "对局已放弃。"
    }
    override fun winners(names: List<String>) = when {
        names.isEmpty() -> "没有人获胜。"
        names == listOf("你") -> "你赢了！"
        else -> "${names.joinToString("和")}获胜。"
    }
    override fun place(place: Int) = "第 $place 名"
    override fun holePosition(row: Int, place: Int) = "$row·$place"
    override fun holeLabel(row: Int, place: Int, pegColour: Colour?, owner: String?, highlight: Highlight): String {
        val peg = if (pegColour == null) "空" else "${owner}的${colour(pegColour)}棋"
        val lit = if (highlight == Highlight.NONE) "" else "，${highlight(highlight)}"
        return "第 $row 行第 $place 个，$peg$lit"
    }
    override fun highlight(highlight: Highlight) = when (highlight) {
        Highlight.NONE -> "普通"
        Highlight.SELECTED -> "已选中"
        Highlight.STEP_TARGET -> "可走到"
        Highlight.JUMP_TARGET -> "可跳到"
        Highlight.SWAP_TARGET -> "可交换"
        Highlight.CHAIN -> "在跳跃路线上"
        Highlight.LAST_MOVE -> "上一步"
        Highlight.HINT -> "提示"
    }

    override val quickMatch = "快速匹配"
    override val notConnectedYet = "尚未连接到服务器：这些选项需等待连接。"
    override val noServer = "尚未设置在线对局的服务器。请在 设置 → 高级 → 服务器地址 中输入地址。"
    override fun format(format: Format) = when (format) {
        Format.TRIPOT1 -> "尼斯规则，1 色"
        Format.TRIPOT2 -> "尼斯规则，2 色"
        Format.TRIPOT3 -> "尼斯规则，3 色"
        Format.CLASSIC -> "经典"
        Format.STERNHALMA2 -> "星际跳棋 · 2 人"
        Format.STERNHALMA3 -> "星际跳棋 · 3 人"
        Format.STERNHALMA4 -> "星际跳棋 · 4 人"
        Format.STERNHALMA6 -> "星际跳棋 · 6 人"
    }
    override val searching = "正在寻找对手…"
    override val lobby = "大厅"
    override val createTable = "开一桌"
    override val closeTable = "关闭牌桌"
    override val closeRoom = "关闭房间"
    override val waitingForOpponent = "你的牌桌已开放：正在等待对手…"
    override val noTables = "没有开放的牌桌。开一桌吧！"
    override fun tableLine(host: String, format: Format) = "$host · ${format(format)}"
    override fun tableLine(host: String, format: Format, seated: Int, seats: Int) = "$host · ${format(format)} · $seated/$seats"
    override val seatedTitle = "已入座"
    override fun freeSeats(count: Int) = "还有 $count 个空位"
    override val startWithComputers = "由电脑补位开始"
    override val computerLevel = "电脑难度"
    override fun seatComputer(level: AiLevel) = "电脑 · ${aiLevel(level)}"
    override val timeControlTitle = "计时方式"
    override fun timeControlChoice(choice: TimeControlChoice) = when (choice) {
        TimeControlChoice.Default -> "默认"
        TimeControlChoice.Untimed -> "不计时"
        TimeControlChoice.PerMove30 -> "每步 30 秒"
        TimeControlChoice.Game5Plus5 -> "5 分钟 + 5 秒"
    }
    override fun clockLeft(name: String, time: String) = if (name == "你") "你还剩 $time" else "${name}还剩 $time"
    override val seatAway = "暂离"
    override fun seatAwayLeft(left: String) = "暂离 · $left"
    override val waitingForHost = "正在等待更多玩家或桌主开始…"
    override val leaveSeat = "离开"
    override val join = "加入"
    override val privateRoom = "私人房间"
    override val createRoom = "创建房间"
    override val joinRoom = "加入房间"
    override val roomCodeField = "房间码"
    override fun roomInvitation(code: String) = "来和我下中国跳棋吧！房间码：$code"
    override val share = "分享"
    override fun roomExpires(minutes: Int) = "房间码 $minutes 分钟内有效。"
    override val invalidRoomCode = "这不是房间码（8 位字母和数字）。"
    override fun connection(connection: Connection) = when (connection) {
        Connection.CONNECTING -> "正在连接"
        Connection.RECONNECTING -> "正在重连"
        Connection.REPLACED -> "已在别处连接"
        Connection.CONNECTED -> "已连接"
    }
    override fun errorCode(code: ErrorCode) = when (code) {
        ErrorCode.MALFORMED -> "服务器无法读取一条消息。"
        ErrorCode.UNKNOWN_MESSAGE -> "服务器不认识一条消息。"
        ErrorCode.BAD_MESSAGE -> "服务器拒绝了一条消息。"
        ErrorCode.UNSUPPORTED_VERSION -> "请更新应用后再在线对战。"
        ErrorCode.ALREADY_GREETED -> "此连接已建立。"
        ErrorCode.HELLO_FIRST -> "连接尚未就绪。"
        ErrorCode.BAD_TOKEN -> "本设备的身份被拒绝。"
        ErrorCode.BAD_NAME -> "这个名字不允许使用。"
        ErrorCode.RATE_LIMITED -> "请求过多：请稍等。"
        ErrorCode.TOO_LARGE -> "消息过大。"
        ErrorCode.TOO_MANY_ROOMS -> "你开的房间太多了。"
        ErrorCode.TOO_MANY_TABLES -> "你开的牌桌太多了。"
        ErrorCode.ALREADY_SEARCHING -> "你已经在寻找对局了。"
        ErrorCode.ROOM_NOT_FOUND -> "没有这个房间码（可能已过期）。"
        ErrorCode.TABLE_NOT_FOUND -> "这张牌桌已不存在。"
        ErrorCode.OWN_TABLE -> "不能加入自己的牌桌。"
        ErrorCode.GAME_NOT_FOUND -> "这局对局已不存在。"
        ErrorCode.NOT_IN_GAME -> "你不在对局中。"
        ErrorCode.WRONG_PLY -> "棋盘不是最新的，已刷新。"
        ErrorCode.NOT_YOUR_TURN -> "还没轮到你。"
        ErrorCode.ILLEGAL_MOVE -> "服务器拒绝了这步棋。"
        ErrorCode.GAME_OVER -> "对局已结束。"
        ErrorCode.NOT_OVER -> "对局尚未结束。"
        ErrorCode.NO_DRAW_OFFER -> "没有可回应的和棋提议。"
        ErrorCode.IDLE -> "长时间无操作，已断开。"
        ErrorCode.SHUTTING_DOWN -> "服务器正在重启。"
        ErrorCode.INTERNAL -> "服务器出了问题。"
        ErrorCode.NOT_IN_THIS_FORMAT -> "这种对局模式不允许这样做。"
        ErrorCode.NOT_HOST -> "只有桌主可以这样做。"
    }
    override fun versus(name: String) = "对阵 $name"

    override val yourGames = "我的对局"
    override val noPastGames = "还没有已结束的对局。"
    override val watchGames = "观看对局"
    override val noLiveGames = "目前没有进行中的对局。"
    override fun liveGameLine(format: String, players: List<String>, ply: Int) =
        "$format · ${players.joinToString("、")} · 已走 $ply 步"
    override val watching = "观战中"
    override val stopWatching = "停止观看"
    override val watchWithCode = "凭房间码观战"
    override val noGameWithCode = "没有正在用这个房间码进行的对局。"
    override fun pastResult(result: PastResult) = when (result) { PastResult.WON -> "胜"; PastResult.LOST -> "负"; PastResult.NO_WINNER -> "无胜者" }
    override fun pastDate(endedMs: Long, nowMs: Long) = shortDate(endedMs, nowMs, "今天", "昨天", java.util.Locale.SIMPLIFIED_CHINESE)
    override val yourRatings = "我的等级分"
    override fun ratingLine(preset: Preset, rating: Int, games: Int) = "${preset(preset)} $rating（$games 局）"
    override fun ratedName(name: String, rating: Int) = "$name（$rating）"
    override fun ratingChange(before: Int, after: Int) = "等级分 $before → $after"

    override fun rulesText(preset: Preset) = when (preset) {
        Preset.TRIPOT -> listOf(
            RulesSection("双方", "双方各执 1、2 或 3 种相邻颜色，每回合移动己方任意一颗棋子。对手占据对面的营地。"),
            RulesSection("走法", "走到相邻的空位，或跳过一颗棋子——远跳可越过 5 格以内的棋子，落在其后同样距离处。跳跃可一跳接一跳；点“结束跳跃”停下。"),
            RulesSection("胜利", "用自己的棋子占满所有目标营地。只要对方留下一颗棋子，你就不能获胜。"),
            RulesSection("交换", "受困的棋子，或面对占位者的最后一颗棋子，可与附近的对方棋子交换位置，这就是整个回合。"),
            RulesSection("跳过", "无棋可走的一方自动跳过。若双方连续跳过，到达棋子多的一方获胜。"),
        )
        Preset.CLASSIC -> listOf(
            RulesSection("双方", "红方（南）对蓝方（北），各 10 颗棋子。红方总是先走。"),
            RulesSection("走法", "走到相邻空位，或跳过相邻棋子落到其后的空位；跳跃可以连续。"),
            RulesSection("胜利", "占满对面营地的全部 10 个位置。对方棋子还在那里时，你要等它离开。"),
            RulesSection("无棋可走", "无合法走法的一方跳过；连续两次跳过为和棋。"),
        )
        Preset.STERNHALMA -> listOf(
            RulesSection("玩家", "2、3、4 或 6 人，每人一种颜色 10 颗棋子，按顺时针轮流走棋。"),
            RulesSection("走法", "走到相邻空位，或跳过相邻棋子；跳跃可以连续。"),
            RulesSection("营地规则", "走棋可穿过任何营地，但不能停在既非自己家也非目标的营地里。"),
            RulesSection("目标锁定", "已在目标营地里的棋子，走完后必须仍在其中。"),
            RulesSection("胜利", "目标营地占满且至少一颗是你的棋子。其他人按剩余距离排名；每人走满 200 步后，最近者获胜。"),
        )
        Preset.RULEBOOK -> listOf(
            RulesSection("基础", "短跳、营地开放、无交换，与经典相同：传统变体的中性基础。"),
            RulesSection("变体", "超级跳、15 子对决、目标锁定、禁入他人营地、必须跳与最长跳、反堵塞、组队与继续争名次，都在“更多选项”中。"),
        )
    }
    override val played = "已下"
    override val won = "胜"
    override val lost = "负"
    override val drawn = "和"
    override val fewestMoves = "最少步数获胜"
    override val noStatistics = "与电脑对手下一局单人棋，统计就会显示在这里。"

    override val sound = "声音"
    override val haptics = "振动"
    override val animationSpeed = "动画速度"
    override fun animationSpeed(speed: AnimationSpeed) = when (speed) {
        AnimationSpeed.Slow -> "慢"
        AnimationSpeed.Normal -> "正常"
        AnimationSpeed.Fast -> "快"
    }
    override val reducedMotion = "减少动态效果"
    override val aiPace = "电脑每步后的停顿"
    override val aiPaceHint = "多个电脑对弈时可以看清每一步；减少动态效果时不停顿。"
    override fun aiPaceValue(millis: Int) = if (millis == 0) "无" else "${seconds(millis)} 秒"
    override val boardRotation = "棋盘转向当前玩家"
    override val boardRotationHint = "同屏对战时，轮到的玩家在下方。"
    override val displayName = "显示名称"
    override val serverAddress = "服务器地址"
    override val advanced = "高级"
    override val resetToDefault = "恢复默认"
    override fun defaultServer(address: String) = "留空即使用公共服务器（$address）。"
    override val noDefaultServer = "此版本没有公共服务器：请输入一个服务器地址以进行在线对局（wss://…）。"
    override val languageSetting = "语言"
    override fun languageName(language: Language) = EnglishStrings.languageName(language)
    override val systemDefault = "跟随系统"
    override val theme = "主题"
    override fun theme(choice: ThemeChoice) = when (choice) {
        ThemeChoice.System -> "跟随系统"
        ThemeChoice.Light -> "浅色"
        ThemeChoice.Dark -> "深色"
    }

    override fun setupChange(change: app.chinesecheckers.core.SetupChange) = when (change) {
        is app.chinesecheckers.core.SetupChange.SeatCount -> "此规则不支持 ${change.from} 人对局：现在为 ${change.to} 人。"
        is app.chinesecheckers.core.SetupChange.ColoursPerSide -> "每方现在执 ${change.to} 种颜色（而非 ${change.from} 种）：此规则不允许其他选择。"
        app.chinesecheckers.core.SetupChange.Opener -> "此规则下由第一位玩家先走。"
    }
    override fun setupError(e: SetupException) = when (e) {
        is SetupException.SeatCount -> "${preset(e.preset)}需要 ${e.allowed.joinToString("、")} 名玩家，而不是 ${e.found} 名。"
        is SetupException.ColoursPerSide -> "${preset(e.preset)}每方可用 ${e.allowed.joinToString("、")} 种颜色，而不是 ${e.found} 种。"
        is SetupException.OpenerFixed -> "${preset(e.preset)}的先手是固定的。"
        is SetupException.NoSuchSeat -> "${e.seats} 个座位中没有座位 ${e.index + 1}。"
        is SetupException.BadRules -> "这些规则选项互相冲突（${e.detail}）。"
        is SetupException.BadPosition -> "这个局面无法进行（${e.detail}）。"
        is SetupException.OptionFixed -> "${preset(e.preset)}不能更改这个选项。"
        is SetupException.OptionValue -> "${preset(e.preset)}没有这个选择。"
    }
    override fun moveError(e: MoveException) = when (e) {
        is MoveException.GameOver -> "对局已结束。"
        is MoveException.NotYourTurn -> "还没轮到你。"
        is MoveException.NotAiTurn -> "现在不是电脑的回合。"
        is MoveException.NothingToUndo -> "没有可悔的棋。"
        is MoveException.NothingToRedo -> "没有可重做的棋。"
        is MoveException.NoJumpInProgress -> "没有进行中的跳跃。"
        is MoveException.CannotEndHere -> "跳跃不能在这里结束。"
        is MoveException.DrawNotPossible -> "现在不能提和。"
        is MoveException.NoDrawOffer -> "没有和棋提议。"
        is MoveException.NothingToReplay -> "还没有可回放的内容。"
        is MoveException.NotReplaying -> "没有正在进行的回放。"
        is MoveException.HintNotPossible -> "现在没有提示。"
        is MoveException.MoveInFlight -> "你的上一步还在发送中。"
        is MoveException.NoGame -> "没有对局。"
        is MoveException.NotOver -> "对局还没有结束。"
        is MoveException.NotConnected -> "未连接到服务器。"
        is MoveException.NoTransport -> "与服务器的连接还没准备好。"
        is MoveException.Internal -> "出错了（${e.detail}）。"
    }
    override fun libraryError(e: LibraryException) = when (e) {
        is LibraryException.WouldReplace -> "这会覆盖你中断的${savedGameKind(e.existing.kind)}对局。"
        is LibraryException.NotFound -> "这局存档已不存在。"
        is LibraryException.Damaged -> "有一局存档已损坏（${e.file}）。"
        is LibraryException.TooNew -> "有一局存档来自更新版本的应用。"
        is LibraryException.Storage -> "对局无法保存（${e.detail}）。"
    }
    override fun onlineError(e: OnlineException) = when (e) {
        is OnlineException.BadName -> "这个名字不允许使用。"
        is OnlineException.BadToken -> "本设备的身份已损坏。"
        is OnlineException.BadRoomCode -> invalidRoomCode
        is OnlineException.NotConnected -> "未连接到服务器。"
        is OnlineException.GameInProgress -> "请先完成进行中的对局。"
        is OnlineException.NoGame -> "没有在线对局。"
        is OnlineException.NoTable -> "你没有开放的牌桌。"
        is OnlineException.NotSeated -> "你没有坐在任何牌桌上。"
        is OnlineException.NotHost -> "只有桌主可以开始对局。"
        is OnlineException.NotOver -> "对局尚未结束。"
        is OnlineException.NoDrawOffer -> "没有和棋提议。"
        is OnlineException.Malformed -> "服务器发来了无法读取的内容。"
    }
    override fun saveError(e: SaveException) = when (e) {
        is SaveException.Corrupt -> "存档已损坏。"
        is SaveException.TooNew -> "存档来自更新版本的应用。"
    }
}
