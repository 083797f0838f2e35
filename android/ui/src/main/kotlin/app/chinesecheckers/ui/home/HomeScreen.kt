package app.chinesecheckers.ui.home

import androidx.compose.foundation.background
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.ButtonDefaults
import androidx.compose.material3.FilledTonalButton
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.collectAsState
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.testTag
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import app.chinesecheckers.core.CardNames
import app.chinesecheckers.core.CardSeat
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.GameCard
import app.chinesecheckers.core.GameLibrary
import app.chinesecheckers.core.LibraryException
import app.chinesecheckers.ui.strings.puzzleWords
import app.chinesecheckers.core.PuzzleInfo
import app.chinesecheckers.ui.strings.lessons
import app.chinesecheckers.ui.strings.Strings
import app.chinesecheckers.ui.LocalStrings
import app.chinesecheckers.ui.Screen
import app.chinesecheckers.ui.TabletMinWidth
import app.chinesecheckers.ui.safeAreaPadding
import app.chinesecheckers.ui.board.BoardMode
import app.chinesecheckers.ui.theme.LocalBoardPalette
import androidx.compose.foundation.Canvas
import app.chinesecheckers.core.SeatPlayer
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/**
 * Home's state: the Continue cards of the games being played, as the library lists them (last
 * played first; an ended game is never among them), and the moment they were read ([nowS],
 * seconds since 1970, for "played … ago").
 */
data class HomeUiState(
    val interrupted: List<GameCard>,
    val nowS: Long = 0L,
    /** How many saved files the library could not read (damaged, or from a newer app): said on Home. */
    val unreadable: Int = 0,
    /** Why the listing could not be read at all (a [LibraryException]), or null. */
    val error: LibraryException? = null,
)

/** Home's state holder: reads the library's listing. */
class HomePresenter(private val library: GameLibrary?) {
    private val _state = MutableStateFlow(HomeUiState(emptyList()))

    /** The one state Home renders. */
    val state: StateFlow<HomeUiState> = _state.asStateFlow()

    init {
        refresh()
    }

    /** Re-reads the listing (Home is shown again: games were played, ended or started). */
    fun refresh() {
        val now = System.currentTimeMillis() / 1000
        _state.value = try {
            val listing = library?.listing()
            HomeUiState(listing?.playing ?: emptyList(), now, listing?.unreadable?.size ?: 0)
        } catch (e: LibraryException) {
            HomeUiState(emptyList(), now, error = e)
        }
    }
}

/**
 * Home: the title, "Continue" for each interrupted game, and the ways into the app; the Puzzles
 * button says today's puzzle at a glance ([puzzleOfTheDay], from the core).
 */
@Composable
fun HomeScreen(presenter: HomePresenter, onNavigate: (Screen) -> Unit, onContinue: (GameCard) -> Unit, puzzleOfTheDay: PuzzleInfo? = null) {
    val state by presenter.state.collectAsState()
    val strings = LocalStrings.current
    // The background fills the window, under the system bars; the menu stays out of them.
    BoxWithConstraints(
        Modifier.fillMaxSize().background(MaterialTheme.colorScheme.background).safeAreaPadding(),
        contentAlignment = Alignment.Center,
    ) {
        val tablet = maxWidth >= TabletMinWidth && maxWidth > maxHeight
        val menu = @Composable {
            Column(
                Modifier.widthIn(max = 420.dp).fillMaxWidth().padding(24.dp),
                verticalArrangement = Arrangement.spacedBy(12.dp),
            ) {
                for (card in state.interrupted) {
                    Button(
                        onClick = { onContinue(card) },
                        modifier = Modifier.fillMaxWidth().testTag("continue:${card.id}"),
                        colors = ButtonDefaults.buttonColors(containerColor = MaterialTheme.colorScheme.secondary),
                    ) {
                        Column(horizontalAlignment = Alignment.CenterHorizontally) {
                            Text(strings.continueGame, fontWeight = FontWeight.Bold)
                            for ((i, line) in cardLines(card, state.nowS, strings).withIndex()) {
                                Text(
                                    line,
                                    style = MaterialTheme.typography.bodySmall,
                                    textAlign = TextAlign.Center,
                                    modifier = Modifier.testTag("card:${card.id}:$i"),
                                )
                            }
                        }
                    }
                }
                if (state.unreadable > 0) {
                    Text(
                        strings.unreadableGames(state.unreadable),
                        style = MaterialTheme.typography.bodySmall,
                        color = MaterialTheme.colorScheme.error,
                        modifier = Modifier.fillMaxWidth().testTag("unreadable"),
                        textAlign = TextAlign.Center,
                    )
                }
                state.error?.let {
                    Text(
                        strings.libraryError(it),
                        style = MaterialTheme.typography.bodySmall,
                        color = MaterialTheme.colorScheme.error,
                        modifier = Modifier.fillMaxWidth().testTag("listingError"),
                        textAlign = TextAlign.Center,
                    )
                }
                Button(onClick = { onNavigate(Screen.NewGame(BoardMode.Solo)) }, Modifier.fillMaxWidth().testTag("solo")) { Text(strings.solo) }
                Button(onClick = { onNavigate(Screen.NewGame(BoardMode.PassAndPlay)) }, Modifier.fillMaxWidth().testTag("passAndPlay")) { Text(strings.passAndPlay) }
                Button(onClick = { onNavigate(Screen.Online) }, Modifier.fillMaxWidth().testTag("online")) { Text(strings.online) }
                PuzzlesButton(puzzleOfTheDay, onClick = { onNavigate(Screen.Puzzles) })
                FilledTonalButton(onClick = { onNavigate(Screen.Learn) }, Modifier.fillMaxWidth().testTag("learn")) { Text(strings.lessons.learnToPlay) }
                Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    FilledTonalButton(onClick = { onNavigate(Screen.Rules) }, Modifier.weight(1f).testTag("rules")) { Text(strings.rules, maxLines = 1) }
                    FilledTonalButton(onClick = { onNavigate(Screen.Statistics) }, Modifier.weight(1f).testTag("statistics")) { Text(strings.statistics, maxLines = 1) }
                }
                OutlinedButton(onClick = { onNavigate(Screen.Settings) }, Modifier.fillMaxWidth().testTag("settings")) { Text(strings.settings) }
            }
        }
        val title = @Composable {
            Column(horizontalAlignment = Alignment.CenterHorizontally) {
                StarLogo(Modifier.size(if (tablet) 220.dp else 150.dp))
                Text(
                    strings.appName,
                    fontSize = 34.sp,
                    fontWeight = FontWeight.Bold,
                    textAlign = TextAlign.Center,
                    color = MaterialTheme.colorScheme.primary,
                    modifier = Modifier.padding(top = 12.dp),
                )
            }
        }
        if (tablet) {
            // Scrolls when a short window (a phone in landscape, a "Continue" or two) cannot hold it.
            Row(
                Modifier.verticalScroll(rememberScrollState()),
                verticalAlignment = Alignment.CenterVertically,
                horizontalArrangement = Arrangement.spacedBy(48.dp),
            ) {
                title()
                menu()
            }
        } else {
            Column(
                Modifier.verticalScroll(rememberScrollState()).padding(top = 32.dp),
                horizontalAlignment = Alignment.CenterHorizontally,
            ) {
                title()
                menu()
            }
        }
    }
}

/**
 * What a Continue card says, all from the core's card: the kind, rule set and moves played; the
 * opponents (the AI with its level; every player when no seat is "you", as in pass-and-play);
 * whose turn it is and when it was last played.
 */
fun cardLines(card: GameCard, nowS: Long, strings: Strings): List<String> {
    fun worded(seat: CardSeat): String {
        val name = strings.playerName(seat.name)
        return when (val player = seat.player) {
            is SeatPlayer.Ai -> strings.nameWithLevel(name, player.level)
            else -> name
        }
    }
    // Whom the card names is the core's: the opponents of the person here, or every player.
    val people = when (val named = card.names) {
        is CardNames.Opponents -> strings.cardOpponents(named.seats.map(::worded))
        is CardNames.Players -> strings.cardPlayers(named.seats.map(::worded))
    }
    val toMove = card.seats.getOrNull(card.toMove)?.let { strings.toMove(strings.playerName(it.name)) }
    val ago = strings.lastPlayed((nowS - card.lastPlayedS).coerceAtLeast(0))
    return listOf(
        strings.savedGameLine(card.kind, card.preset, card.moves),
        people,
        listOfNotNull(toMove, ago).joinToString(" · "),
    )
}

/** Home's way into the race puzzles, with today's puzzle's difficulty and par under its name. */
@Composable
private fun PuzzlesButton(daily: PuzzleInfo?, onClick: () -> Unit) {
    val words = puzzleWords(LocalStrings.current)
    Button(onClick = onClick, modifier = Modifier.fillMaxWidth().testTag("puzzles")) {
        Column(horizontalAlignment = Alignment.CenterHorizontally) {
            Text(words.puzzles)
            daily?.let {
                Text(
                    words.today(it.difficulty, it.par),
                    style = MaterialTheme.typography.bodySmall,
                    modifier = Modifier.testTag("puzzleOfTheDay"),
                )
            }
        }
    }
}

/** A small six-coloured star: the app's emblem on Home. */
@Composable
private fun StarLogo(modifier: Modifier) {
    val palette = LocalBoardPalette.current
    Box(modifier) {
        Canvas(Modifier.fillMaxSize()) {
            val c = center
            val r = size.minDimension / 2
            // Six tips, each a camp colour, around a central disc.
            Colour.entries.forEachIndexed { i, colour ->
                val angle = Math.toRadians(90.0 + 60.0 * i)
                val tip = androidx.compose.ui.geometry.Offset(c.x + (r * kotlin.math.cos(angle)).toFloat(), c.y + (r * kotlin.math.sin(angle)).toFloat())
                val left = Math.toRadians(90.0 + 60.0 * i - 30)
                val right = Math.toRadians(90.0 + 60.0 * i + 30)
                val inner = r * 0.5f
                val path = androidx.compose.ui.graphics.Path().apply {
                    moveTo(tip.x, tip.y)
                    lineTo(c.x + (inner * kotlin.math.cos(left)).toFloat(), c.y + (inner * kotlin.math.sin(left)).toFloat())
                    lineTo(c.x, c.y)
                    lineTo(c.x + (inner * kotlin.math.cos(right)).toFloat(), c.y + (inner * kotlin.math.sin(right)).toFloat())
                    close()
                }
                drawPath(path, palette.peg(colour).fill)
            }
            drawCircle(palette.star, r * 0.36f, c)
            drawCircle(palette.hole, r * 0.12f, c)
        }
    }
}
