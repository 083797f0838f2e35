package app.chinesecheckers.gradle

/**
 * The app's version name and code, read from the repository's app-version.xcconfig, which the
 * iOS project reads too (one version for both apps). The file is an Xcode configuration file:
 * `KEY = VALUE` lines, `//` comments.
 */
data class AppVersion(val name: String, val code: Int) {
    companion object {
        const val NAME_KEY = "APP_VERSION_NAME"
        const val CODE_KEY = "APP_VERSION_CODE"

        /**
         * Parses [text] (the file's contents; [source] names it in errors). Fails when a key is
         * missing or the code is not a positive whole number (Play refuses others).
         */
        fun parse(text: String, source: String): AppVersion {
            val values = text.lineSequence()
                .map { it.substringBefore("//").trim() }
                .filter { it.isNotEmpty() && !it.startsWith("#") } // blank, comment, #include
                .mapNotNull { line ->
                    val eq = line.indexOf('=')
                    if (eq <= 0) null else line.substring(0, eq).trim() to line.substring(eq + 1).trim()
                }
                .toMap()
            fun value(key: String): String {
                val v = values[key]
                require(!v.isNullOrEmpty()) { "$source: no `$key = …` line (the app's version is read from there)" }
                return v
            }
            val name = value(NAME_KEY)
            val codeText = value(CODE_KEY)
            val code = codeText.toIntOrNull()
            require(code != null && code > 0) { "$source: $CODE_KEY must be a positive whole number, not '$codeText'" }
            return AppVersion(name, code)
        }
    }
}
