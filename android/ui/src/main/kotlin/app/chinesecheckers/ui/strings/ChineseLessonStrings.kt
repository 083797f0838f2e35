package app.chinesecheckers.ui.strings

import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.LessonGoal
import app.chinesecheckers.core.LessonRule
import app.chinesecheckers.core.LessonTopic
import app.chinesecheckers.core.WrongTry

/** Simplified Chinese. */
object ChineseLessonStrings : LessonStrings {
    override val learnToPlay = "学习玩法"
    override val offerTitle = "第一次玩中国跳棋？"
    override val offerText = "几节在棋盘上的小课教你各种走法：走步、跳跃、连跳、远跳和交换。"
    override val skip = "跳过"
    override val lessonsTitle = "课程"
    override val finished = "已完成"
    override fun topic(topic: LessonTopic) = when (topic) {
        LessonTopic.MOVES -> "走步、跳跃和连跳"
        LessonTopic.LONG_JUMPS -> "远跳"
        LessonTopic.SWAPS -> "被困棋子的交换"
        LessonTopic.PASSED_TURN -> "轮空"
        LessonTopic.CLASSIC -> "经典规则的不同之处"
        LessonTopic.STERNHALMA -> "Sternhalma 规则的不同之处"
    }
    override fun stepCount(steps: Int) = "$steps 步"
    override fun stepOf(step: Int, steps: Int) = "第 $step 步，共 $steps 步"
    override fun goal(goal: LessonGoal, colour: (Colour) -> String) = when (goal) {
        LessonGoal.Step -> "走一步：把你的棋子移到相邻的空位。"
        is LessonGoal.JumpOver -> "跳过${colour(goal.colour)}色棋子：落在它正后方的空位上。"
        is LessonGoal.Chain -> "用同一颗棋子连跳 ${goal.hops} 次，一跳接一跳。如果还能继续跳，请按“结束跳跃”。"
        is LessonGoal.LongJump -> "远跳：跳过相距 ${goal.distance} 格的支点，支点前后的格子都必须是空的。"
        LessonGoal.SwapStuckPeg -> "你的棋子被困住了：与相邻的对方棋子交换位置来解困。"
        LessonGoal.EvictSquatter -> "对方棋子占着你的目标营地：用你的最后一颗棋子与它交换。"
        LessonGoal.WatchPass -> "这里关闭了交换（规则书选项）：你被堵住了，不能走步也不能跳跃。看着你的回合被跳过。"
        is LessonGoal.MoveTo -> "把一颗棋子移到圈出的空位。"
        LessonGoal.FillTarget -> "填满目标营地的最后一个空位即可获胜。"
        is LessonGoal.WinAtMoveCap -> "这是 ${goal.cap} 步中的最后一步：离终点最近的一方排名第一。走出让你单独排名第一的一步。"
    }
    override fun wrongTry(reason: WrongTry, colour: (Colour) -> String) = when (reason) {
        WrongTry.NotAStep -> "这不是走步。"
        WrongTry.NotAJump -> "这不是跳跃。"
        is WrongTry.WrongPivot -> "这一跳跳过的是${colour(reason.found)}色棋子。"
        is WrongTry.ChainTooShort -> "连跳在 ${reason.hops} 次后就停了。"
        is WrongTry.ChainTooLong -> "连跳继续到了 ${reason.hops} 次。"
        is WrongTry.WrongJumpLength -> "它的支点只相距 ${reason.distance} 格。"
        WrongTry.NotASwap -> "这不是交换。"
        WrongTry.SquatterStays -> "这次交换让占位的棋子留在了你的目标营地里。"
        WrongTry.WrongHole -> "这一步没有停在圈出的空位上。"
        WrongTry.NoWin -> "这一步没有获胜。"
        WrongTry.NotRankedFirst -> "到步数上限时，你不会单独排名第一。"
    }
    override val takenBack = "这步已撤回：再试一次。"
    // Chinese sentences follow each other without a space.
    override fun missed(reason: WrongTry, colour: (Colour) -> String) = wrongTry(reason, colour) + takenBack
    override val stepDone = "做得好！"
    override val lessonDone = "做得好：本课完成！"
    override val turnPassed = "你被堵住了：你的回合被跳过。"
    override val tryAgain = "再试一次"
    override val nextStep = "下一步"
    override val nextLesson = "下一课"
    override val allLessons = "全部课程"
    override val diagramsTitle = "棋盘上的走法"
    override val tryIt = "试一试"
    override fun ruleTitle(rule: LessonRule) = when (rule) {
        LessonRule.STEP -> "走步"
        LessonRule.JUMP -> "跳跃"
        LessonRule.CHAIN -> "连跳"
        LessonRule.END_JUMP -> "结束跳跃"
        LessonRule.LONG_JUMP -> "远跳"
        LessonRule.SWAP_STUCK_PEG -> "交换：被困的棋子"
        LessonRule.SWAP_SQUATTER -> "交换：占位的棋子"
        LessonRule.PASSED_TURN -> "轮空"
        LessonRule.SHORT_JUMPS_ONLY -> "只能短跳"
        LessonRule.FILL_TARGET -> "填满目标营地"
        LessonRule.CAMP_RULE -> "他人营地"
        LessonRule.TARGET_LOCK -> "目标营地锁定"
        LessonRule.MOVE_CAP -> "步数上限"
    }
    override fun ruleText(rule: LessonRule) = when (rule) {
        LessonRule.STEP -> "棋子移到相邻的空位。"
        LessonRule.JUMP -> "棋子跳过相邻的任意颜色棋子，落在它正后方的空位。"
        LessonRule.CHAIN -> "同一颗棋子可以在同一回合里一跳再跳；无跳可跳时连跳自动结束。"
        LessonRule.END_JUMP -> "还能继续的连跳，可以按“结束跳跃”停下。"
        LessonRule.LONG_JUMP -> "棋子跳过相距几格的支点，落在支点另一侧同样远的位置：中间的格子都必须是空的。"
        LessonRule.SWAP_STUCK_PEG -> "不能走步也不能跳跃的棋子，可以与相邻的对方棋子交换位置。"
        LessonRule.SWAP_SQUATTER -> "你的最后一颗棋子与占着你目标营地的对方棋子交换。"
        LessonRule.PASSED_TURN -> "关闭交换时，完全无棋可走的一方轮空。"
        LessonRule.SHORT_JUMPS_ONLY -> "这里只能短跳，即跳过相邻的棋子。"
        LessonRule.FILL_TARGET -> "你的棋子填满目标营地的每个位置即获胜。"
        LessonRule.CAMP_RULE -> "一步棋可以穿过他人营地，但不能停在那里。"
        LessonRule.TARGET_LOCK -> "已进入目标营地的棋子，必须在营地内结束移动。"
        LessonRule.MOVE_CAP -> "到达步数上限时，离终点最近的一方排名第一。"
    }
}
