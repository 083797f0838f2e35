package app.chinesecheckers.ui.strings

import app.chinesecheckers.core.ParVerdict
import app.chinesecheckers.core.PuzzleDifficulty
import app.chinesecheckers.core.PuzzleException

/**
 * The words of the race puzzles (issue 29), in every language. Kept apart from [Strings] so that
 * the puzzles and the other screens are worded side by side without touching the same files;
 * [puzzleWords] gives the set that goes with a [Strings].
 */
interface PuzzleStrings {
    /** Home's button and the list's title. */
    val puzzles: String
    val puzzleOfTheDay: String
    /** What a race puzzle asks, above the list. */
    val intro: String
    fun difficulty(difficulty: PuzzleDifficulty): String
    /** Home's line under "Puzzles": today's puzzle at a glance. */
    fun today(difficulty: PuzzleDifficulty, par: Int): String
    /** "par 27, proven optimal" or "par 20, best known" ([proven] from the core). */
    fun par(par: Int, proven: Boolean): String
    /** A puzzle's name in the list: its rule set, grade and place in that grade. */
    fun title(preset: String, difficulty: PuzzleDifficulty, number: Int): String
    /** The person's result from the core: not solved, their best, solved at par. */
    fun result(best: Int?, solvedAtPar: Boolean): String
    /** The count against par, always shown while playing. */
    fun count(moves: Int, par: Int): String
    val restart: String
    /** The solved sheet's title. */
    fun solvedIn(moves: Int): String
    /** The count against par in words: [under] is how many moves fewer than par (negative: over). */
    fun againstPar(verdict: ParVerdict): String
    fun yourBest(best: Int): String
    val showLine: String
    val nextPuzzle: String
    val allPuzzles: String
    /** The button that opens the solved sheet again once it was closed. */
    val result: String
    /** The solver's line shown on the board: at its start ([step] 0) or after its [step]th move. */
    fun lineStep(step: Int, total: Int, from: String, to: String): String
    fun lineStart(total: Int): String
    /** Closes the solver's line and shows the person's board again. */
    val closeLine: String
    /** The Statistics screen's puzzles line. */
    fun statistics(solved: Int, atPar: Int, total: Int): String
    fun error(e: PuzzleException): String
}

/** The puzzle words that go with [strings] (the language in force). */
fun puzzleWords(strings: Strings): PuzzleStrings = when (strings) {
    FrenchStrings -> FrenchPuzzleStrings
    ChineseStrings -> ChinesePuzzleStrings
    else -> EnglishPuzzleStrings
}

object EnglishPuzzleStrings : PuzzleStrings {
    override val puzzles = "Puzzles"
    override val puzzleOfTheDay = "Puzzle of the day"
    override val intro = "Bring all your pegs home in as few moves as you can. The other pegs never move. Par is the race solver's count; undo as often as you like."
    override fun difficulty(difficulty: PuzzleDifficulty) = when (difficulty) {
        PuzzleDifficulty.EASY -> "Easy"
        PuzzleDifficulty.MEDIUM -> "Medium"
        PuzzleDifficulty.HARD -> "Hard"
    }
    override fun today(difficulty: PuzzleDifficulty, par: Int) = "Today: ${difficulty(difficulty).lowercase()} · par $par"
    override fun par(par: Int, proven: Boolean) = if (proven) "par $par, proven optimal" else "par $par, best known"
    override fun title(preset: String, difficulty: PuzzleDifficulty, number: Int) = "$preset · ${difficulty(difficulty)} $number"
    override fun result(best: Int?, solvedAtPar: Boolean) = when {
        best == null -> "Not solved yet"
        solvedAtPar -> "Best $best · solved at par ✓"
        else -> "Best $best · not yet at par"
    }
    override fun count(moves: Int, par: Int) = "Moves $moves · Par $par"
    override val restart = "Restart"
    override fun solvedIn(moves: Int) = if (moves == 1) "Solved in 1 move" else "Solved in $moves moves"
    override fun againstPar(verdict: ParVerdict) = when (verdict) {
        is ParVerdict.UnderPar -> "${verdict.by} under par: better than the solver!"
        ParVerdict.AtPar -> "At par: as good as the solver."
        is ParVerdict.OverPar -> "${verdict.by} over par. Try again to reach par."
    }
    override fun yourBest(best: Int) = "Your best: $best"
    override val showLine = "Step through the solver's line"
    override val nextPuzzle = "Next puzzle"
    override val allPuzzles = "All puzzles"
    override val result = "Result"
    override fun lineStep(step: Int, total: Int, from: String, to: String) = "Solver's move $step of $total: $from → $to"
    override fun lineStart(total: Int) = "The solver's line: $total moves from the start"
    override val closeLine = "Back to my board"
    override fun statistics(solved: Int, atPar: Int, total: Int) = "Puzzles: $solved of $total solved, $atPar at par"
    override fun error(e: PuzzleException) = when (e) {
        is PuzzleException.BadSet -> "The puzzles could not be read (${e.detail})."
        is PuzzleException.Unknown -> "No puzzle is called ${e.id}."
    }
}

object FrenchPuzzleStrings : PuzzleStrings {
    override val puzzles = "Énigmes"
    override val puzzleOfTheDay = "Énigme du jour"
    override val intro = "Amenez tous vos pions au but en aussi peu de coups que possible. Les autres pions ne bougent jamais. Le par est le compte du solveur de course ; annulez autant que vous voulez."
    override fun difficulty(difficulty: PuzzleDifficulty) = when (difficulty) {
        PuzzleDifficulty.EASY -> "Facile"
        PuzzleDifficulty.MEDIUM -> "Moyenne"
        PuzzleDifficulty.HARD -> "Difficile"
    }
    override fun today(difficulty: PuzzleDifficulty, par: Int) = "Aujourd'hui : ${difficulty(difficulty).lowercase()} · par $par"
    override fun par(par: Int, proven: Boolean) = if (proven) "par $par, optimal prouvé" else "par $par, meilleur connu"
    override fun title(preset: String, difficulty: PuzzleDifficulty, number: Int) = "$preset · ${difficulty(difficulty)} $number"
    override fun result(best: Int?, solvedAtPar: Boolean) = when {
        best == null -> "Pas encore résolue"
        solvedAtPar -> "Meilleur : $best · résolue au par ✓"
        else -> "Meilleur : $best · pas encore au par"
    }
    override fun count(moves: Int, par: Int) = "Coups $moves · Par $par"
    override val restart = "Recommencer"
    override fun solvedIn(moves: Int) = if (moves == 1) "Résolue en 1 coup" else "Résolue en $moves coups"
    override fun againstPar(verdict: ParVerdict) = when (verdict) {
        is ParVerdict.UnderPar -> "${verdict.by} sous le par : mieux que le solveur !"
        ParVerdict.AtPar -> "Au par : aussi bien que le solveur."
        is ParVerdict.OverPar -> "${verdict.by} au-dessus du par. Réessayez pour l'atteindre."
    }
    override fun yourBest(best: Int) = "Votre meilleur : $best"
    override val showLine = "Voir la ligne du solveur coup par coup"
    override val nextPuzzle = "Énigme suivante"
    override val allPuzzles = "Toutes les énigmes"
    override val result = "Résultat"
    override fun lineStep(step: Int, total: Int, from: String, to: String) = "Coup $step sur $total du solveur : $from → $to"
    override fun lineStart(total: Int) = "La ligne du solveur : $total coups depuis le départ"
    override val closeLine = "Revenir à mon plateau"
    override fun statistics(solved: Int, atPar: Int, total: Int) = "Énigmes : $solved sur $total résolues, $atPar au par"
    override fun error(e: PuzzleException) = when (e) {
        is PuzzleException.BadSet -> "Les énigmes n'ont pas pu être lues (${e.detail})."
        is PuzzleException.Unknown -> "Aucune énigme ne s'appelle ${e.id}."
    }
}

object ChinesePuzzleStrings : PuzzleStrings {
    override val puzzles = "谜题"
    override val puzzleOfTheDay = "每日谜题"
    override val intro = "用尽可能少的步数把你的所有棋子走进对面营地。其他棋子永远不动。标准步数来自竞速求解器；可以随意悔棋。"
    override fun difficulty(difficulty: PuzzleDifficulty) = when (difficulty) {
        PuzzleDifficulty.EASY -> "简单"
        PuzzleDifficulty.MEDIUM -> "中等"
        PuzzleDifficulty.HARD -> "困难"
    }
    override fun today(difficulty: PuzzleDifficulty, par: Int) = "今日：${difficulty(difficulty)} · 标准 $par 步"
    override fun par(par: Int, proven: Boolean) = if (proven) "标准 $par 步，已证明最优" else "标准 $par 步，目前最佳"
    override fun title(preset: String, difficulty: PuzzleDifficulty, number: Int) = "$preset · ${difficulty(difficulty)} $number"
    override fun result(best: Int?, solvedAtPar: Boolean) = when {
        best == null -> "尚未解出"
        solvedAtPar -> "最佳 $best 步 · 已达标准 ✓"
        else -> "最佳 $best 步 · 尚未达到标准"
    }
    override fun count(moves: Int, par: Int) = "步数 $moves · 标准 $par"
    override val restart = "重来"
    override fun solvedIn(moves: Int) = "用 $moves 步完成"
    override fun againstPar(verdict: ParVerdict) = when (verdict) {
        is ParVerdict.UnderPar -> "比标准少 ${verdict.by} 步：胜过求解器！"
        ParVerdict.AtPar -> "达到标准：与求解器一样好。"
        is ParVerdict.OverPar -> "超出标准 ${verdict.by} 步。再试一次吧。"
    }
    override fun yourBest(best: Int) = "你的最佳：$best 步"
    override val showLine = "逐步查看求解器的走法"
    override val nextPuzzle = "下一题"
    override val allPuzzles = "全部谜题"
    override val result = "结果"
    override fun lineStep(step: Int, total: Int, from: String, to: String) = "求解器第 $step/$total 步：$from → $to"
    override fun lineStart(total: Int) = "求解器的走法：从起点共 $total 步"
    override val closeLine = "回到我的棋盘"
    override fun statistics(solved: Int, atPar: Int, total: Int) = "谜题：已解 $solved/$total 道，$atPar 道达到标准"
    override fun error(e: PuzzleException) = when (e) {
        is PuzzleException.BadSet -> "无法读取谜题（${e.detail}）。"
        is PuzzleException.Unknown -> "没有名为 ${e.id} 的谜题。"
    }
}
