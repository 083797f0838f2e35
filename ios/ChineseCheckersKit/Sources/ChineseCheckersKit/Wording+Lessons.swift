// The lessons' words: titles, goals, why a try missed, what an action did, and the Rules
// screen's line under each diagram. The core hands them over as data (`LessonTopic`,
// `LessonGoal`, `WrongTry`, `LessonFeedback`, `LessonRule`); the catalog words them.
import ChineseCheckersCore

extension Wording {
    /// A lesson's title.
    public static func lessonTopic(_ topic: LessonTopic) -> LocalizedMessage {
        switch topic {
        case .moves: return LocalizedMessage("lesson.topic.moves")
        case .longJumps: return LocalizedMessage("lesson.topic.longJumps")
        case .swaps: return LocalizedMessage("lesson.topic.swaps")
        case .passedTurn: return LocalizedMessage("lesson.topic.passedTurn")
        case .classic: return LocalizedMessage("lesson.topic.classic")
        case .sternhalma: return LocalizedMessage("lesson.topic.sternhalma")
        }
    }

    /// What to do in a lesson's step.
    public static func lessonGoal(_ goal: LessonGoal) -> LocalizedMessage {
        switch goal {
        case .step: return LocalizedMessage("lesson.goal.step")
        case .jumpOver(let colour):
            return LocalizedMessage("lesson.goal.jumpOver", [.message(Self.colour(colour))])
        case .chain(let hops): return LocalizedMessage("lesson.goal.chain", [.number(Int(hops))])
        case .longJump(let distance):
            return LocalizedMessage("lesson.goal.longJump", [.number(Int(distance))])
        case .swapStuckPeg: return LocalizedMessage("lesson.goal.swapStuckPeg")
        case .evictSquatter: return LocalizedMessage("lesson.goal.evictSquatter")
        case .watchPass: return LocalizedMessage("lesson.goal.watchPass")
        case .moveTo: return LocalizedMessage("lesson.goal.moveTo")
        case .fillTarget: return LocalizedMessage("lesson.goal.fillTarget")
        case .winAtMoveCap(let cap):
            return LocalizedMessage("lesson.goal.winAtMoveCap", [.number(Int(cap))])
        }
    }

    /// Why a legal move missed the step's goal.
    public static func wrongTry(_ reason: WrongTry) -> LocalizedMessage {
        switch reason {
        case .notAStep: return LocalizedMessage("lesson.wrong.notAStep")
        case .notAJump: return LocalizedMessage("lesson.wrong.notAJump")
        case .wrongPivot(let found):
            return LocalizedMessage("lesson.wrong.wrongPivot", [.message(colour(found))])
        case .chainTooShort(let hops):
            return LocalizedMessage("lesson.wrong.chainTooShort", [.number(Int(hops))])
        case .chainTooLong(let hops):
            return LocalizedMessage("lesson.wrong.chainTooLong", [.number(Int(hops))])
        case .wrongJumpLength(let distance):
            return LocalizedMessage("lesson.wrong.wrongJumpLength", [.number(Int(distance))])
        case .notASwap: return LocalizedMessage("lesson.wrong.notASwap")
        case .squatterStays: return LocalizedMessage("lesson.wrong.squatterStays")
        case .wrongHole: return LocalizedMessage("lesson.wrong.wrongHole")
        case .noWin: return LocalizedMessage("lesson.wrong.noWin")
        case .notRankedFirst: return LocalizedMessage("lesson.wrong.notRankedFirst")
        }
    }

    /// What the last action of a lesson did: a refused tap in the game's own words, a missed
    /// try with its reason and "taken back, try again", a step done (the lesson done after its
    /// last step), or the turn passed.
    public static func lessonFeedback(
        _ feedback: LessonFeedback, players: [PlayerState], lessonDone: Bool
    ) -> LocalizedMessage {
        switch feedback {
        case .refused(let notice): return Self.notice(notice, players: players)
        case .missed(let reason, _):
            return LocalizedMessage("lesson.missed", [.message(wrongTry(reason))])
        case .stepDone:
            return LocalizedMessage(lessonDone ? "lesson.lessonDone" : "lesson.stepDone")
        case .turnPassed: return LocalizedMessage("lesson.turnPassed")
        }
    }

    /// The Rules screen's words under the diagram of `rule`.
    public static func lessonRule(_ rule: LessonRule) -> LocalizedMessage {
        LocalizedMessage("rules.diagram." + lessonRuleName(rule))
    }

    /// The case name of a rule (key `rules.diagram.<name>`).
    static func lessonRuleName(_ rule: LessonRule) -> String {
        switch rule {
        case .step: return "step"
        case .jump: return "jump"
        case .chain: return "chain"
        case .endJump: return "endJump"
        case .longJump: return "longJump"
        case .swapStuckPeg: return "swapStuckPeg"
        case .swapSquatter: return "swapSquatter"
        case .passedTurn: return "passedTurn"
        case .shortJumpsOnly: return "shortJumpsOnly"
        case .fillTarget: return "fillTarget"
        case .campRule: return "campRule"
        case .targetLock: return "targetLock"
        case .moveCap: return "moveCap"
        }
    }

    /// Why a lesson could not be opened.
    public static func lessonError(_ error: LessonError) -> LocalizedMessage {
        switch error {
        case .NoSuchLesson(let id): return LocalizedMessage("lessonError.NoSuchLesson", [.text(id)])
        }
    }
}
