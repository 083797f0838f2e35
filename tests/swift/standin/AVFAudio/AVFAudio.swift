// Pinned to: Xcode 26.6 (17F113), iOS 26.5 SDK (tests/swift/standin/README.md, sdk-pin.json).
// A type-checking stand-in for the AVFAudio framework, used only by tests/swift/run.sh: the few
// declarations the app's tone player uses (an engine, a player node, a PCM buffer it fills, the
// audio session's ambient category), each written from its page in Apple's documentation (cited
// beside it). See ../SwiftUI/Core.swift for how the stand-in's declarations were written. Nothing
// here runs: bodies are `fatalError()`.
import Foundation

/// https://developer.apple.com/documentation/avfaudio/avaudioframecount
public typealias AVAudioFrameCount = UInt32

/// https://developer.apple.com/documentation/avfaudio/avaudiochannelcount
public typealias AVAudioChannelCount = UInt32

/// https://developer.apple.com/documentation/avfaudio/avaudioformat
@available(iOS 8.0, *)
open class AVAudioFormat: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudioformat/init(standardformatwithsamplerate:channels:)
    public init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/avfaudio/avaudiobuffer
@available(iOS 8.0, *)
open class AVAudioBuffer: NSObject {}

/// https://developer.apple.com/documentation/avfaudio/avaudiopcmbuffer
@available(iOS 8.0, *)
open class AVAudioPCMBuffer: AVAudioBuffer {
    /// https://developer.apple.com/documentation/avfaudio/avaudiopcmbuffer/init(pcmformat:framecapacity:)-5jhd5
    public init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
        fatalError()
    }
    /// https://developer.apple.com/documentation/avfaudio/avaudiopcmbuffer/framelength
    open var frameLength: AVAudioFrameCount {
        get { fatalError() }
        set { fatalError() }
    }
    /// https://developer.apple.com/documentation/avfaudio/avaudiopcmbuffer/floatchanneldata
    open var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? { fatalError() }
}

/// https://developer.apple.com/documentation/avfaudio/avaudiotime
@available(iOS 8.0, *)
open class AVAudioTime: NSObject {}

/// https://developer.apple.com/documentation/avfaudio/avaudionode
@available(iOS 8.0, *)
open class AVAudioNode: NSObject {}

/// https://developer.apple.com/documentation/avfaudio/avaudiomixernode
@available(iOS 8.0, *)
open class AVAudioMixerNode: AVAudioNode {}

/// https://developer.apple.com/documentation/avfaudio/avaudioplayernodebufferoptions
@available(iOS 8.0, *)
public struct AVAudioPlayerNodeBufferOptions: OptionSet, Sendable {
    /// https://developer.apple.com/documentation/avfaudio/avaudioplayernodebufferoptions/init(rawvalue:)
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/avfaudio/avaudioplayernodebufferoptions/rawvalue
    public let rawValue: UInt
}

/// https://developer.apple.com/documentation/avfaudio/avaudioplayernode
@available(iOS 8.0, *)
open class AVAudioPlayerNode: AVAudioNode {
    /// https://developer.apple.com/documentation/avfaudio/avaudioplayernode (init(), "Members")
    public override init() { fatalError() }
    /// https://developer.apple.com/documentation/avfaudio/avaudioplayernode/schedulebuffer(_:at:options:completionhandler:)
    open func scheduleBuffer(
        _ buffer: AVAudioPCMBuffer, at when: AVAudioTime?,
        options: AVAudioPlayerNodeBufferOptions = [],
        completionHandler: (@Sendable () -> Void)? = nil
    ) { fatalError() }
    /// https://developer.apple.com/documentation/avfaudio/avaudioplayernode/play()
    open func play() { fatalError() }
}

/// https://developer.apple.com/documentation/avfaudio/avaudioengine
@available(iOS 8.0, *)
open class AVAudioEngine: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/init()
    public override init() { fatalError() }
    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/attach(_:)
    open func attach(_ node: AVAudioNode) { fatalError() }
    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/connect(_:to:format:)
    open func connect(_ node1: AVAudioNode, to node2: AVAudioNode, format: AVAudioFormat?) {
        fatalError()
    }
    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/mainmixernode
    open var mainMixerNode: AVAudioMixerNode { fatalError() }
    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/isrunning
    open var isRunning: Bool { fatalError() }
    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/start()
    open func start() throws { fatalError() }
}

/// https://developer.apple.com/documentation/avfaudio/avaudiosession
@available(iOS 3.0, *)
open class AVAudioSession: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/sharedinstance()
    open class func sharedInstance() -> AVAudioSession { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct
    public struct Category: Hashable, RawRepresentable, Sendable {
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/rawvalue
        public let rawValue: String
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/ambient
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct
    public struct Mode: Hashable, RawRepresentable, Sendable {
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/rawvalue
        public let rawValue: String
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/default
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct
    public struct CategoryOptions: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct/rawvalue
        public let rawValue: UInt
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/setcategory(_:mode:options:)
    @available(iOS 10.0, *)
    open func setCategory(
        _ category: Category, mode: Mode, options: CategoryOptions = []
    ) throws { fatalError() }
}
