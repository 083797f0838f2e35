// Catalog keys for the server's refusals and for the errors the core throws.
import ChineseCheckersCore

extension Wording {
    /// The case name of a server refusal, the last part of its key (`serverError.<name>`).
    public static func serverErrorName(_ code: ErrorCode) -> String {
        switch code {
        case .malformed: return "malformed"
        case .unknownMessage: return "unknownMessage"
        case .badMessage: return "badMessage"
        case .unsupportedVersion: return "unsupportedVersion"
        case .helloFirst: return "helloFirst"
        case .badToken: return "badToken"
        case .badName: return "badName"
        case .rateLimited: return "rateLimited"
        case .tooLarge: return "tooLarge"
        case .tooManyRooms: return "tooManyRooms"
        case .tooManyTables: return "tooManyTables"
        case .alreadySearching: return "alreadySearching"
        case .roomNotFound: return "roomNotFound"
        case .tableNotFound: return "tableNotFound"
        case .ownTable: return "ownTable"
        case .gameNotFound: return "gameNotFound"
        case .notInGame: return "notInGame"
        case .wrongPly: return "wrongPly"
        case .notYourTurn: return "notYourTurn"
        case .illegalMove: return "illegalMove"
        case .gameOver: return "gameOver"
        case .notOver: return "notOver"
        case .noDrawOffer: return "noDrawOffer"
        case .idle: return "idle"
        case .shuttingDown: return "shuttingDown"
        case .internal: return "internal"
        case .alreadyGreeted: return "alreadyGreeted"
        case .notInThisFormat: return "notInThisFormat"
        case .notHost: return "notHost"
        }
    }

    /// A refusal from the server.
    public static func serverError(_ code: ErrorCode) -> LocalizedMessage {
        LocalizedMessage("serverError." + serverErrorName(code))
    }

    /// An action on any board (local, online, puzzle, lesson) that the game refused.
    public static func moveError(_ error: MoveError) -> LocalizedMessage {
        switch error {
        case .GameOver: return LocalizedMessage("moveError.GameOver")
        case .NotYourTurn: return LocalizedMessage("moveError.NotYourTurn")
        case .NotAiTurn: return LocalizedMessage("moveError.NotAiTurn")
        case .NothingToUndo: return LocalizedMessage("moveError.NothingToUndo")
        case .NothingToRedo: return LocalizedMessage("moveError.NothingToRedo")
        case .NoJumpInProgress: return LocalizedMessage("moveError.NoJumpInProgress")
        case .CannotEndHere: return LocalizedMessage("moveError.CannotEndHere")
        case .DrawNotPossible: return LocalizedMessage("moveError.DrawNotPossible")
        case .NoDrawOffer: return LocalizedMessage("moveError.NoDrawOffer")
        case .NothingToReplay: return LocalizedMessage("moveError.NothingToReplay")
        case .NotReplaying: return LocalizedMessage("moveError.NotReplaying")
        case .HintNotPossible: return LocalizedMessage("moveError.HintNotPossible")
        case .MoveInFlight: return LocalizedMessage("moveError.MoveInFlight")
        case .NoGame: return LocalizedMessage("moveError.NoGame")
        case .NotOver: return LocalizedMessage("moveError.NotOver")
        case .NotConnected: return LocalizedMessage("moveError.NotConnected")
        case .NoTransport: return LocalizedMessage("moveError.NoTransport")
        case .Internal(let detail): return LocalizedMessage("moveError.Internal", [.text(detail)])
        }
    }

    /// An online action the session refused before anything was sent.
    public static func onlineError(_ error: OnlineError) -> LocalizedMessage {
        switch error {
        case .BadName(let detail): return LocalizedMessage("onlineError.BadName", [.text(detail)])
        case .BadToken(let detail): return LocalizedMessage("onlineError.BadToken", [.text(detail)])
        case .BadRoomCode(let code):
            return LocalizedMessage("onlineError.BadRoomCode", [.text(code)])
        case .NotConnected: return LocalizedMessage("onlineError.NotConnected")
        case .GameInProgress: return LocalizedMessage("onlineError.GameInProgress")
        case .NoGame: return LocalizedMessage("onlineError.NoGame")
        case .NoTable: return LocalizedMessage("onlineError.NoTable")
        case .NotSeated: return LocalizedMessage("onlineError.NotSeated")
        case .NotHost: return LocalizedMessage("onlineError.NotHost")
        case .NotOver: return LocalizedMessage("onlineError.NotOver")
        case .NoDrawOffer: return LocalizedMessage("onlineError.NoDrawOffer")
        case .Malformed(let detail):
            return LocalizedMessage("onlineError.Malformed", [.text(detail)])
        }
    }

    /// A choice a change of rule set could not keep, in a sentence.
    public static func setupChange(_ change: SetupChange) -> LocalizedMessage {
        switch change {
        case .seatCount(let from, let to):
            return LocalizedMessage(
                "setupChange.SeatCount", [.number(Int(from)), .number(Int(to))])
        case .coloursPerSide(let from, let to):
            return LocalizedMessage(
                "setupChange.ColoursPerSide", [.number(Int(from)), .number(Int(to))])
        case .opener:
            return LocalizedMessage("setupChange.Opener", [])
        }
    }

    /// A set-up the core refused, with the numbers it allows.
    public static func setupError(_ error: SetupError) -> LocalizedMessage {
        switch error {
        case .SeatCount(let preset, let found, let allowed):
            return LocalizedMessage(
                "setupError.SeatCount",
                [.message(self.preset(preset)), .number(Int(found)), .text(numbers(allowed))])
        case .ColoursPerSide(let preset, let found, let allowed):
            return LocalizedMessage(
                "setupError.ColoursPerSide",
                [.message(self.preset(preset)), .number(Int(found)), .text(numbers(allowed))])
        case .OpenerFixed(let preset):
            return LocalizedMessage("setupError.OpenerFixed", [.message(self.preset(preset))])
        case .NoSuchSeat(let index, let seats):
            return LocalizedMessage(
                "setupError.NoSuchSeat", [.number(Int(index) + 1), .number(Int(seats))])
        case .BadRules(let detail):
            return LocalizedMessage("setupError.BadRules", [.text(detail)])
        case .BadPosition(let detail):
            return LocalizedMessage("setupError.BadPosition", [.text(detail)])
        case .OptionFixed(let preset, _):
            return LocalizedMessage("setupError.OptionFixed", [.message(self.preset(preset))])
        case .OptionValue(let preset, _):
            return LocalizedMessage("setupError.OptionValue", [.message(self.preset(preset))])
        }
    }

    /// A saved game that could not be read.
    public static func saveError(_ error: SaveError) -> LocalizedMessage {
        switch error {
        case .Corrupt(let detail):
            return LocalizedMessage("saveError.Corrupt", [.text(detail)])
        case .TooNew(let found, let supported):
            return LocalizedMessage(
                "saveError.TooNew", [.number(Int(found)), .number(Int(supported))])
        }
    }

    /// A problem with the saved games' folder.
    public static func libraryError(_ error: LibraryError) -> LocalizedMessage {
        switch error {
        case .WouldReplace(let existing):
            return LocalizedMessage(
                "libraryError.WouldReplace", [.message(savedGameKind(existing.kind))])
        case .NotFound:
            return LocalizedMessage("libraryError.NotFound")
        case .Damaged(let file, _):
            return LocalizedMessage("libraryError.Damaged", [.text(file)])
        case .TooNew(let found, let supported):
            return LocalizedMessage(
                "libraryError.TooNew", [.number(Int(found)), .number(Int(supported))])
        case .Storage(let file, let detail):
            return LocalizedMessage("libraryError.Storage", [.text(file), .text(detail)])
        }
    }

    /// A puzzle the core could not give.
    public static func puzzleError(_ error: PuzzleError) -> LocalizedMessage {
        switch error {
        case .BadSet(let detail): return LocalizedMessage("puzzleError.BadSet", [.text(detail)])
        case .Unknown(let id): return LocalizedMessage("puzzleError.Unknown", [.text(id)])
        }
    }

    /// Any error thrown by the core (or by the platform), as a message for an alert.
    public static func error(_ error: Error) -> LocalizedMessage {
        switch error {
        case let error as MoveError: return moveError(error)
        case let error as OnlineError: return onlineError(error)
        case let error as SetupError: return setupError(error)
        case let error as SaveError: return saveError(error)
        case let error as LibraryError: return libraryError(error)
        case let error as LessonError: return lessonError(error)
        case let error as PuzzleError: return puzzleError(error)
        default: return LocalizedMessage("error.unexpected", [.text(String(describing: error))])
        }
    }

    /// "2, 3, 4, 6": numbers the core allows, in digits (the same in every language here).
    static func numbers(_ values: [Int32]) -> String {
        values.map(String.init).joined(separator: ", ")
    }
}
