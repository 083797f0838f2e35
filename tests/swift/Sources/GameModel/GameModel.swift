// The observable game model of the app (plain Swift, testable on Linux). Placeholder for now.

/// Information about the GameModel module.
public enum GameModelInfo {
    /// The version of the game model.
    public static let version = "0.1"
}
