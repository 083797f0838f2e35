package app.chinesecheckers.ui.strings

import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.LessonGoal
import app.chinesecheckers.core.LessonRule
import app.chinesecheckers.core.LessonTopic
import app.chinesecheckers.core.WrongTry

/**
 * The words of the lessons, the first-start offer and the Rules screen's diagrams, in one
 * language. The core hands over every goal, reason and rule as data; they are worded here. Kept
 * apart from [Strings] so that the lessons add files rather than lines to the shared ones.
 * [colour] names a peg colour as [Strings.colour] does, in lower case where the language wants it.
 */
interface LessonStrings {
    /** The entry to the lessons (Home, Rules, the first-start offer). */
    val learnToPlay: String
    /** The first-start offer's title. */
    val offerTitle: String
    /** The first-start offer's words. */
    val offerText: String
    /** Declines the first-start offer (it is not shown again). */
    val skip: String
    /** The lessons list's title. */
    val lessonsTitle: String
    /** A lesson played to its end, on its card in the list. */
    val finished: String
    /** A lesson's title. */
    fun topic(topic: LessonTopic): String
    /** How many steps a lesson has. */
    fun stepCount(steps: Int): String
    /** Where the learner is: step [step] (1-based) of [steps]. */
    fun stepOf(step: Int, steps: Int): String
    /** What to do in this step. */
    fun goal(goal: LessonGoal, colour: (Colour) -> String): String
    /** Why a legal move missed the goal. */
    fun wrongTry(reason: WrongTry, colour: (Colour) -> String): String
    /** Said after [wrongTry]: the move was taken back. */
    val takenBack: String
    /** A missed try in full: why, then that it was taken back. */
    fun missed(reason: WrongTry, colour: (Colour) -> String): String = wrongTry(reason, colour) + " " + takenBack
    /** The step's goal is reached. */
    val stepDone: String
    /** The last step's goal is reached. */
    val lessonDone: String
    /** A `watchPass` step: the core passed the learner's turn. */
    val turnPassed: String
    /** Puts the step back as it opened. */
    val tryAgain: String
    /** Opens the next step. */
    val nextStep: String
    /** Opens the next lesson. */
    val nextLesson: String
    /** Back to the lessons list (after the last lesson). */
    val allLessons: String
    /** The Rules screen's heading above the diagrams. */
    val diagramsTitle: String
    /** A diagram's link to the lesson step that teaches it. */
    val tryIt: String
    /** A diagram's title. */
    fun ruleTitle(rule: LessonRule): String
    /** A diagram's words. */
    fun ruleText(rule: LessonRule): String
}

/** The lesson words of [language]. */
fun lessonStringsFor(language: Language): LessonStrings = when (language) {
    Language.English -> EnglishLessonStrings
    Language.French -> FrenchLessonStrings
    Language.Chinese -> ChineseLessonStrings
}

/** The lesson words in the language of these strings. */
val Strings.lessons: LessonStrings get() = lessonStringsFor(language)

/** English. */
object EnglishLessonStrings : LessonStrings {
    override val learnToPlay = "Learn to play"
    override val offerTitle = "New to Chinese Checkers?"
    override val offerText = "A few short lessons on the board show the moves: steps, jumps, chains, long jumps and swaps."
    override val skip = "Skip"
    override val lessonsTitle = "Lessons"
    override val finished = "Done"
    override fun topic(topic: LessonTopic) = when (topic) {
        LessonTopic.MOVES -> "Steps, jumps and chains"
        LessonTopic.LONG_JUMPS -> "Long jumps"
        LessonTopic.SWAPS -> "The blocked-peg swap"
        LessonTopic.PASSED_TURN -> "The passed turn"
        LessonTopic.CLASSIC -> "Classic: what differs"
        LessonTopic.STERNHALMA -> "Sternhalma: what differs"
    }
    override fun stepCount(steps: Int) = if (steps == 1) "1 step" else "$steps steps"
    override fun stepOf(step: Int, steps: Int) = "Step $step of $steps"
    override fun goal(goal: LessonGoal, colour: (Colour) -> String) = when (goal) {
        LessonGoal.Step -> "Make a step: move your peg to a neighbouring empty hole."
        is LessonGoal.JumpOver -> "Jump over the ${colour(goal.colour).lowercase()} peg: land on the empty hole just beyond it."
        is LessonGoal.Chain -> "Chain ${goal.hops} jumps with the same peg, hop by hop. If it could go on, press End jump."
        is LessonGoal.LongJump -> "Make a long jump over a pivot ${goal.distance} holes away: the holes before and after it must be empty."
        LessonGoal.SwapStuckPeg -> "Your peg is stuck: free it by swapping it with a neighbouring opposing peg."
        LessonGoal.EvictSquatter -> "An opposing peg squats in your target: swap your last peg with it."
        LessonGoal.WatchPass -> "Swaps are switched off here (a rulebook option): you are blocked, with no step and no jump. Watch your turn pass."
        is LessonGoal.MoveTo -> "Move a peg to the ringed hole."
        LessonGoal.FillTarget -> "Fill the last hole of your target to win."
        is LessonGoal.WinAtMoveCap -> "This is the last move of ${goal.cap}: the nearest to home ranks first. Play so that you rank first alone."
    }
    override fun wrongTry(reason: WrongTry, colour: (Colour) -> String) = when (reason) {
        WrongTry.NotAStep -> "That was not a step."
        WrongTry.NotAJump -> "That was not a jump."
        is WrongTry.WrongPivot -> "That jumped over a ${colour(reason.found).lowercase()} peg."
        is WrongTry.ChainTooShort -> if (reason.hops == 1) "The chain stopped after 1 jump." else "The chain stopped after ${reason.hops} jumps."
        is WrongTry.ChainTooLong -> "The chain went on to ${reason.hops} jumps."
        is WrongTry.WrongJumpLength -> if (reason.distance == 1) "Its pivot was only 1 hole away." else "Its pivot was only ${reason.distance} holes away."
        WrongTry.NotASwap -> "That was not a swap."
        WrongTry.SquatterStays -> "That swap leaves the squatter in your target."
        WrongTry.WrongHole -> "That did not end on the ringed hole."
        WrongTry.NoWin -> "That did not win."
        WrongTry.NotRankedFirst -> "At the move cap you would not rank first alone."
    }
    override val takenBack = "It was taken back: try again."
    override val stepDone = "Well done!"
    override val lessonDone = "Well done: lesson complete!"
    override val turnPassed = "You were blocked: your turn passed."
    override val tryAgain = "Try again"
    override val nextStep = "Next"
    override val nextLesson = "Next lesson"
    override val allLessons = "All lessons"
    override val diagramsTitle = "The moves on the board"
    override val tryIt = "Try it"
    override fun ruleTitle(rule: LessonRule) = when (rule) {
        LessonRule.STEP -> "Step"
        LessonRule.JUMP -> "Jump"
        LessonRule.CHAIN -> "Chain of jumps"
        LessonRule.END_JUMP -> "End jump"
        LessonRule.LONG_JUMP -> "Long jump"
        LessonRule.SWAP_STUCK_PEG -> "Swap: a stuck peg"
        LessonRule.SWAP_SQUATTER -> "Swap: the squatter"
        LessonRule.PASSED_TURN -> "Passed turn"
        LessonRule.SHORT_JUMPS_ONLY -> "Short jumps only"
        LessonRule.FILL_TARGET -> "Fill the target"
        LessonRule.CAMP_RULE -> "Foreign camps"
        LessonRule.TARGET_LOCK -> "Target lock"
        LessonRule.MOVE_CAP -> "Move cap"
    }
    override fun ruleText(rule: LessonRule) = when (rule) {
        LessonRule.STEP -> "A peg moves to a neighbouring empty hole."
        LessonRule.JUMP -> "A peg jumps over an adjacent peg, of any colour, to the empty hole just beyond."
        LessonRule.CHAIN -> "One peg may jump again and again in the same turn; the chain ends by itself when no jump is left."
        LessonRule.END_JUMP -> "A chain that could go on is stopped with End jump."
        LessonRule.LONG_JUMP -> "A peg jumps over a pivot several holes away, as far beyond it: every hole between must be empty."
        LessonRule.SWAP_STUCK_PEG -> "A peg with no step and no jump may trade places with a neighbouring opposing peg."
        LessonRule.SWAP_SQUATTER -> "Your last peg swaps with the opposing peg squatting in your target."
        LessonRule.PASSED_TURN -> "With swaps switched off, a side with no move at all passes its turn."
        LessonRule.SHORT_JUMPS_ONLY -> "Here only short jumps, over an adjacent peg, are allowed."
        LessonRule.FILL_TARGET -> "You win when your own pegs fill every hole of your target."
        LessonRule.CAMP_RULE -> "A move may cross a foreign camp but not end there."
        LessonRule.TARGET_LOCK -> "A peg in its target must end its move in the target."
        LessonRule.MOVE_CAP -> "After the move cap, the side nearest to home ranks first."
    }
}
