package app.chinesecheckers.gradle

/**
 * The release signing key, named by environment variables so that no path or password is ever
 * written in the repository: CI and release machines set all four, everyone else none (and gets
 * an unsigned release APK, to sign with their own key).
 */
data class ReleaseSigning(
    val storeFile: String,
    val storePassword: String,
    val keyAlias: String,
    val keyPassword: String,
) {
    override fun toString() = "ReleaseSigning(storeFile=$storeFile, keyAlias=$keyAlias, passwords hidden)"

    companion object {
        const val KEYSTORE = "CC_ANDROID_KEYSTORE"
        const val KEYSTORE_PASSWORD = "CC_ANDROID_KEYSTORE_PASSWORD"
        const val KEY_ALIAS = "CC_ANDROID_KEY_ALIAS"
        const val KEY_PASSWORD = "CC_ANDROID_KEY_PASSWORD"
        val VARIABLES = listOf(KEYSTORE, KEYSTORE_PASSWORD, KEY_ALIAS, KEY_PASSWORD)

        /** What an unsigned release build says, once, when it is asked for. */
        val UNSIGNED_MESSAGE =
            "The release build is unsigned: set ${VARIABLES.joinToString()} to sign it " +
                "(android/README.md, \"A release build\")."

        /**
         * The key named by [env] (an environment lookup), or null when none of the variables is
         * set. Some but not all set is a mistake (a CI secret missing): it fails, naming the
         * missing ones, rather than building an unsigned release that looks signed.
         */
        fun fromEnvironment(env: (String) -> String?): ReleaseSigning? {
            val values = VARIABLES.associateWith { env(it)?.takeIf(String::isNotEmpty) }
            val missing = values.filterValues { it == null }.keys
            if (missing.size == VARIABLES.size) return null
            require(missing.isEmpty()) {
                "release signing: ${values.filterValues { it != null }.keys.joinToString()} set but " +
                    "${missing.joinToString()} not; set all four or none"
            }
            return ReleaseSigning(values.getValue(KEYSTORE)!!, values.getValue(KEYSTORE_PASSWORD)!!, values.getValue(KEY_ALIAS)!!, values.getValue(KEY_PASSWORD)!!)
        }
    }
}
