package app.chinesecheckers.ui.settings

import app.chinesecheckers.core.defaultServerUrl
import app.chinesecheckers.core.newToken
import app.chinesecheckers.ui.strings.AnimationSpeed
import app.chinesecheckers.ui.strings.Language
import app.chinesecheckers.ui.strings.ThemeChoice
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import java.io.File
import java.util.Properties

/** The player's choices; `language == null` and `reducedMotion == null` follow the system. */
data class Settings(
    val sound: Boolean = true,
    val haptics: Boolean = true,
    val animationSpeed: AnimationSpeed = AnimationSpeed.Normal,
    val reducedMotion: Boolean? = null,
    val boardRotation: Boolean = true,
    val displayName: String = "",
    /** The server the player typed under Settings → Advanced; empty: the core's public server ([server]). */
    val serverAddress: String = "",
    val language: Language? = null,
    val theme: ThemeChoice = ThemeChoice.System,
    /**
     * How long each AI move stays on the board before the next AI starts thinking, in
     * milliseconds (one of [AI_PACES]), handed to the core's engine (`setPace`), which holds none
     * with reduced motion.
     */
    val aiPaceMillis: Int = DEFAULT_AI_PACE,
    /**
     * The last choices made on the new-game screen, by mode name (`Solo`, `PassAndPlay`), in
     * the new-game presenter's own text form; a missing or unreadable entry gives its defaults.
     */
    val lastNewGame: Map<String, String> = emptyMap(),
    /** "Learn to play" was offered once (on first start): it is not offered again. */
    val learnOffered: Boolean = false,
) {
    /**
     * Where online play connects: the player's own server, or else the build's default one (the
     * core's [defaultServerUrl], the same for both apps, so the app holds none); null in a build
     * without one until the player chooses a server.
     */
    val server: String? get() = customServer ?: defaultServerUrl()

    /** The server the player chose, if they chose one (the online screen names it; not the default). */
    val customServer: String? get() = serverAddress.trim().ifEmpty { null }
}

/** The AI paces offered in the settings, in milliseconds. */
val AI_PACES = listOf(0, 300, 600, 1_000, 1_500)

/** The pace of a new install: long enough to see each AI move of a six-player game. */
const val DEFAULT_AI_PACE = 600

/**
 * Keeps [Settings] in `settings.properties` under the data directory, and the device's online
 * token (made once per install by the core). A damaged or missing file gives the defaults: the
 * settings are a convenience, never a reason not to start.
 */
class SettingsStore(dataDir: String) {
    private companion object {
        /** The file's layout: 2 from when an empty `serverAddress` means the core's default server. */
        const val FORMAT = 2

        /** The keys of the new-game screen's last choices, one per mode. */
        const val NEW_GAME_PREFIX = "newGame."
    }

    private val file = File(dataDir, "settings.properties")
    private val props = Properties()
    private val _settings: MutableStateFlow<Settings>

    init {
        if (file.isFile) runCatching { file.reader(Charsets.UTF_8).use { props.load(it) } }
        _settings = MutableStateFlow(read())
    }

    /** The current settings; every change is saved at once. */
    val settings: StateFlow<Settings> = _settings.asStateFlow()

    /** This install's online identity, created on first use. */
    val token: String
        get() = props.getProperty("token") ?: newToken().also {
            props.setProperty("token", it)
            save()
        }

    /** Applies [change] and writes the file. */
    fun update(change: (Settings) -> Settings) {
        val next = change(_settings.value)
        _settings.value = next
        write(next)
    }

    private fun read() = Settings(
        sound = props.getProperty("sound")?.toBooleanStrictOrNull() ?: true,
        haptics = props.getProperty("haptics")?.toBooleanStrictOrNull() ?: true,
        animationSpeed = props.getProperty("animationSpeed")?.let { v -> AnimationSpeed.entries.find { it.name == v } }
            ?: AnimationSpeed.Normal,
        reducedMotion = props.getProperty("reducedMotion")?.toBooleanStrictOrNull(),
        boardRotation = props.getProperty("boardRotation")?.toBooleanStrictOrNull() ?: true,
        displayName = props.getProperty("displayName") ?: "",
        serverAddress = storedServer(),
        language = props.getProperty("language")?.let { v -> Language.entries.find { it.code == v } },
        theme = props.getProperty("theme")?.let { v -> ThemeChoice.entries.find { it.name == v } } ?: ThemeChoice.System,
        aiPaceMillis = props.getProperty("aiPace")?.toIntOrNull()?.takeIf { it in AI_PACES } ?: DEFAULT_AI_PACE,
        lastNewGame = props.stringPropertyNames().filter { it.startsWith(NEW_GAME_PREFIX) }
            .associate { it.removePrefix(NEW_GAME_PREFIX) to props.getProperty(it) },
        learnOffered = props.getProperty("learnOffered")?.toBooleanStrictOrNull() ?: false,
    )

    private fun write(s: Settings) {
        props.setProperty("sound", s.sound.toString())
        props.setProperty("haptics", s.haptics.toString())
        props.setProperty("animationSpeed", s.animationSpeed.name)
        if (s.reducedMotion == null) props.remove("reducedMotion") else props.setProperty("reducedMotion", s.reducedMotion.toString())
        props.setProperty("boardRotation", s.boardRotation.toString())
        props.setProperty("displayName", s.displayName)
        props.setProperty("serverAddress", s.serverAddress)
        props.setProperty("format", FORMAT.toString())
        if (s.language == null) props.remove("language") else props.setProperty("language", s.language.code)
        props.setProperty("theme", s.theme.name)
        props.setProperty("aiPace", s.aiPaceMillis.toString())
        props.stringPropertyNames().filter { it.startsWith(NEW_GAME_PREFIX) }.forEach { props.remove(it) }
        for ((mode, choices) in s.lastNewGame) props.setProperty(NEW_GAME_PREFIX + mode, choices)
        props.setProperty("learnOffered", s.learnOffered.toString())
        save()
    }

    /**
     * The server the player typed, or "" for the default. Files written before [FORMAT] 2 held
     * the default of their time in `serverAddress` whether or not the player had typed one: a
     * server on the device itself (`ws://127.0.0.1:8080/ws`), which no release build can reach.
     * That value is read as "the default" there, so that an update moves those installs to the
     * public server; an address typed since (format 2) is kept whatever it is.
     */
    private fun storedServer(): String {
        val stored = props.getProperty("serverAddress")?.trim() ?: return ""
        val format = props.getProperty("format")?.toIntOrNull() ?: 1
        return if (format < 2 && stored == "ws://127.0.0.1:8080/ws") "" else stored
    }

    private fun save() {
        file.parentFile?.mkdirs()
        // Written beside and renamed over, so that a crash mid-write leaves the old file whole.
        val tmp = File(file.parentFile, file.name + ".tmp")
        tmp.writer(Charsets.UTF_8).use { props.store(it, "Chinese Checkers settings") }
        if (!tmp.renameTo(file)) {
            file.delete()
            tmp.renameTo(file)
        }
    }
}
