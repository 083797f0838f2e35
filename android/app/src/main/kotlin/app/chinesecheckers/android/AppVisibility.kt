package app.chinesecheckers.android

/**
 * Turns the Activity's start and stop into the app's moves between background and foreground.
 *
 * An Activity also stops when it is recreated for a configuration change (rotation, folding,
 * a window resize, dark mode): that is not the app leaving the screen, and must not tell the
 * game server the player is away. And the foreground is reached again by a new Activity
 * when the old one was finished: the state lives here, in the Application, not in the Activity.
 *
 * Main thread only (Activity callbacks).
 */
class AppVisibility(
    private val onBackground: () -> Unit,
    private val onForeground: () -> Unit,
) {
    /** True between leaving the screen and coming back. */
    var inBackground: Boolean = false
        private set

    /** Call from Activity.onStart: back on screen after having left it calls [onForeground]. */
    fun activityStarted() {
        if (!inBackground) return
        inBackground = false
        onForeground()
    }

    /**
     * Call from Activity.onStop with Activity.isChangingConfigurations: a stop that is not a
     * configuration change calls [onBackground] (once, however many stops follow).
     */
    fun activityStopped(changingConfigurations: Boolean) {
        if (changingConfigurations || inBackground) return
        inBackground = true
        onBackground()
    }
}
