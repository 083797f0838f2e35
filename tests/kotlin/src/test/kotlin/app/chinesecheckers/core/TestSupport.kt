package app.chinesecheckers.core

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import kotlin.math.abs
import kotlin.random.Random

/** Helpers shared by the suites: set-ups, board look-ups and a simple player for person seats. */

fun person(name: String = "") = Seat(SeatPlayer.Person, name)

fun ai(level: AiLevel = AiLevel.BEGINNER, name: String = "") = Seat(SeatPlayer.Ai(level), name)

/** The catalogue's entry of `preset`. */
fun ruleSet(preset: Preset): RuleSetInfo = ruleSets().first { it.preset == preset }

/** A set-up of `preset` with its own rules (the catalogue's default set-up, re-seated). */
fun setup(
    preset: Preset,
    seats: List<Seat> = listOf(person(), ai()),
    colours: Int = 1,
    opener: Opener = Opener.Seat(0),
    seed: Long = 7L,
): GameSetup = ruleSet(preset).defaultSetup.copy(
    seats = seats,
    coloursPerSide = colours,
    opener = opener,
    seed = seed,
)

fun GameState.hole(q: Int, r: Int): HoleState = holes.first { it.coord == Coord(q, r) }

fun hexDistance(a: Coord, b: Coord): Int {
    val dq = a.q - b.q
    val dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2
}

private val CENTRE = Coord(0, 0)

/** The tip (the hole farthest from the centre) of each camp, from the board's geometry. */
val campTips: Map<Colour, Coord> by lazy {
    boardGeometry().holes.filter { it.camp != null }.groupBy { it.camp!! }
        .mapValues { (_, holes) -> holes.maxBy { hexDistance(it.coord, CENTRE) }.coord }
}

/** The colour across the centre, whose camp is `colour`'s target. */
fun Colour.opposite(): Colour = Colour.entries[(ordinal + 3) % 6]

/** Sum of the distances of every peg of `player` to the tip of its target camp. */
fun GameState.remainingDistance(player: Int): Int = holes
    .filter { it.owner == player }
    .sumOf { hexDistance(it.coord, campTips.getValue(it.occupant!!.opposite())) }

/** The AI's move: starts the search and awaits it from a coroutine; the search must finish. */
fun LocalGame.aiMove(): GameState = runBlocking {
    when (val outcome = think().finish()) {
        is SearchOutcome.Finished -> outcome.state
        is SearchOutcome.Cancelled -> fail("the AI's search was cancelled")
        is SearchOutcome.Failed -> fail("the AI's search failed: ${outcome.detail}")
    }
}

/**
 * A person's move played with taps only: every own peg is tapped to see its targets (each one
 * must have a path from the peg to the target), the move that brings a peg closest to its target
 * tip is chosen (at random among equals; a sideways or backward one when nothing advances), then
 * the peg and the target are tapped, and a tripot chain left in progress is ended.
 */
fun LocalGame.personMove(random: Random): GameState {
    val s = state()
    val me = s.toMove
    check(!s.aiToMove && s.outcome == null) { "not a person's turn" }
    data class Choice(val from: Coord, val target: MoveTarget, val gain: Int)
    val choices = mutableListOf<Choice>()
    for (h in s.holes.filter { it.owner == me }) {
        val selected = tap(h.coord.q, h.coord.r)
        val tip = campTips.getValue(h.occupant!!.opposite())
        for (t in selected.targets) {
            assertTrue(t.path.first() == h.coord && t.path.last() == t.coord, "target path $t")
            val gain = hexDistance(h.coord, tip) - hexDistance(t.coord, tip)
            choices += Choice(h.coord, t, gain)
        }
        cancelTouch()
    }
    check(choices.isNotEmpty()) { "player $me has no move, yet it is their turn" }
    val best = choices.maxOf { it.gain }
    val pool = when {
        best > 0 -> choices.filter { it.gain == best }
        choices.any { it.gain == 0 } -> choices.filter { it.gain == 0 }
        else -> choices
    }
    val c = pool[random.nextInt(pool.size)]
    val selected = tap(c.from.q, c.from.r)
    check(selected.selected == c.from) { "tapping ${c.from} did not select it" }
    var after = tap(c.target.coord.q, c.target.coord.r)
    if (after.chain.isNotEmpty()) {
        check(after.capabilities.canEndJump) { "the chain to ${c.target.coord} may not end there" }
        after = endJump()
    }
    check(after.history.size > s.history.size) { "the move ${c.target} was not played" }
    return after
}

/** Plays the game on (AI seats think, person seats tap) until the outcome, `maxPlies` moves or `budgetMs`. */
fun LocalGame.playOn(random: Random, budgetMs: Long, maxPlies: Int = Int.MAX_VALUE): GameState {
    val deadline = System.nanoTime() + budgetMs * 1_000_000
    var s = state()
    var plies = 0
    while (s.outcome == null && plies < maxPlies && System.nanoTime() < deadline) {
        val before = s.history.size
        s = if (s.aiToMove) aiMove() else personMove(random)
        assertTrue(s.history.size > before, "no move was played")
        plies++
    }
    return s
}
