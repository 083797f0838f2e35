package app.chinesecheckers.ui.theme

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Immutable
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color
import app.chinesecheckers.core.Colour
import app.chinesecheckers.ui.strings.ThemeChoice

/** The shapes drawn on pegs so that colours are told apart without seeing colour. */
enum class PegSymbol { Dot, Square, Triangle, Diamond, Star, Cross }

/** How one player colour is drawn: a peg fill, its symbol, and the tint of its home camp. */
@Immutable
data class PegStyle(val fill: Color, val symbol: PegSymbol, val campTint: Color)

/** The board's own colours, beside the Material scheme. */
@Immutable
data class BoardPalette(
    val background: Color,
    val star: Color,
    val starEdge: Color,
    val hole: Color,
    val holeEdge: Color,
    val target: Color,
    val selected: Color,
    val lastMove: Color,
    val hint: Color,
    val symbol: Color,
    val pegs: Map<Colour, PegStyle>,
) {
    /** The style of a peg colour. */
    fun peg(colour: Colour): PegStyle = pegs.getValue(colour)
}

// Colours picked to stay apart for the common colour-vision deficiencies as far as six can; the
// symbols carry the difference where they do not.
private val pegFills = mapOf(
    Colour.S to Color(0xFFD32F2F),
    Colour.SW to Color(0xFFF57C00),
    Colour.NW to Color(0xFFFBC02D),
    Colour.N to Color(0xFF1565C0),
    Colour.NE to Color(0xFF2E7D32),
    Colour.SE to Color(0xFF7B1FA2),
)
private val pegSymbols = mapOf(
    Colour.S to PegSymbol.Dot,
    Colour.SW to PegSymbol.Triangle,
    Colour.NW to PegSymbol.Star,
    Colour.N to PegSymbol.Square,
    Colour.NE to PegSymbol.Diamond,
    Colour.SE to PegSymbol.Cross,
)

private fun pegStyles(campAlpha: Float, base: Color) = Colour.entries.associateWith {
    val fill = pegFills.getValue(it)
    PegStyle(fill, pegSymbols.getValue(it), fill.copy(alpha = campAlpha).compositeOverOpaque(base))
}

private fun Color.compositeOverOpaque(base: Color): Color = Color(
    red = red * alpha + base.red * (1 - alpha),
    green = green * alpha + base.green * (1 - alpha),
    blue = blue * alpha + base.blue * (1 - alpha),
)

/** The light board: warm wood and dark holes. */
val LightBoardPalette = BoardPalette(
    background = Color(0xFFF7F2EA),
    star = Color(0xFFE9D3A9),
    starEdge = Color(0xFFB08950),
    hole = Color(0xFF8C6A3C),
    holeEdge = Color(0xFF5E4526),
    target = Color(0xFF00897B),
    selected = Color(0xFF111111),
    lastMove = Color(0xFF3949AB),
    hint = Color(0xFFE91E63),
    symbol = Color(0xFFFFFFFF),
    pegs = pegStyles(0.28f, Color(0xFFE9D3A9)),
)

/** The dark board: slate with lighter holes. */
val DarkBoardPalette = BoardPalette(
    background = Color(0xFF121416),
    star = Color(0xFF2B2F36),
    starEdge = Color(0xFF4A505A),
    hole = Color(0xFF0E1013),
    holeEdge = Color(0xFF5C6370),
    target = Color(0xFF4DD0E1),
    selected = Color(0xFFFFFFFF),
    lastMove = Color(0xFF9FA8DA),
    hint = Color(0xFFFF80AB),
    symbol = Color(0xFFFFFFFF),
    pegs = pegStyles(0.30f, Color(0xFF2B2F36)),
)

/** The board palette of the current theme. */
val LocalBoardPalette = staticCompositionLocalOf { LightBoardPalette }

private val LightScheme = lightColorScheme(
    primary = Color(0xFF8B4A12),
    onPrimary = Color.White,
    primaryContainer = Color(0xFFFFDCC2),
    onPrimaryContainer = Color(0xFF2E1500),
    secondary = Color(0xFF00696F),
    secondaryContainer = Color(0xFFB6F0F3),
    tertiary = Color(0xFF5B5D72),
    background = Color(0xFFF7F2EA),
    surface = Color(0xFFF7F2EA),
    surfaceVariant = Color(0xFFEFE0D3),
)

private val DarkScheme = darkColorScheme(
    primary = Color(0xFFFFB77C),
    onPrimary = Color(0xFF4C2700),
    primaryContainer = Color(0xFF6C3A00),
    onPrimaryContainer = Color(0xFFFFDCC2),
    secondary = Color(0xFF80D4DA),
    secondaryContainer = Color(0xFF004F54),
    background = Color(0xFF121416),
    surface = Color(0xFF121416),
    surfaceVariant = Color(0xFF2B2F36),
)

/** Material 3 in the app's colours, light or dark as [choice] (and the system) says. */
@Composable
fun AppTheme(choice: ThemeChoice, content: @Composable () -> Unit) {
    val dark = when (choice) {
        ThemeChoice.System -> isSystemInDarkTheme()
        ThemeChoice.Light -> false
        ThemeChoice.Dark -> true
    }
    androidx.compose.runtime.CompositionLocalProvider(
        LocalBoardPalette provides if (dark) DarkBoardPalette else LightBoardPalette,
    ) {
        MaterialTheme(colorScheme = if (dark) DarkScheme else LightScheme, content = content)
    }
}
