// The boards' sounds: the core says which cue each update plays (`GameState.change.sounds`); this
// player only gives each cue a short synthesized tone (no audio files to ship), through one
// AVAudioEngine in the ambient category, so the sounds mix with other apps' audio and the silent
// switch mutes them.
import AVFAudio
import ChineseCheckersCore
import ChineseCheckersKit
import Foundation

/// Plays the core's sound cues as short tones.
@MainActor
final class ToneSoundPlayer: SoundPlayer {
    private static let sampleRate = 44_100.0
    /// Seconds of each note of a cue.
    private static let noteSeconds = 0.07

    private let engine = AVAudioEngine()
    private let node = AVAudioPlayerNode()
    private let format = AVAudioFormat(
        standardFormatWithSampleRate: ToneSoundPlayer.sampleRate, channels: 1)
    /// Each cue's tone, made once.
    private var buffers: [SoundCue: AVAudioPCMBuffer] = [:]

    init() {
        engine.attach(node)
        engine.connect(node, to: engine.mainMixerNode, format: format)
    }

    func play(_ cues: [SoundCue]) {
        guard !cues.isEmpty, startEngine() else { return }
        // Scheduled one after the other: a jump of three hops sounds three times, in order.
        for cue in cues {
            guard let buffer = tone(cue) else { continue }
            node.scheduleBuffer(buffer, at: nil)
        }
        node.play()
    }

    /// Starts the engine on the first sound (no audio session is taken before one plays).
    private func startEngine() -> Bool {
        if engine.isRunning { return true }
        do {
            try AVAudioSession.sharedInstance().setCategory(.ambient, mode: .default)
            try engine.start()
            return true
        } catch {
            // No sound is no failure of the game: the board goes on silently.
            return false
        }
    }

    /// The notes of a cue, in hertz, one after the other: a light tick for a step, a higher one
    /// for each hop, rising for our turn and a win, falling for a loss.
    private static func notes(_ cue: SoundCue) -> [Double] {
        switch cue {
        case .step: return [660]
        case .hop: return [880]
        case .swap: return [660, 520]
        case .yourTurn: return [520, 780]
        case .won: return [523, 659, 784, 1047]
        case .lost: return [523, 440, 349]
        case .drawn: return [523, 523]
        }
    }

    /// The PCM samples of a cue's notes (a sine each, faded in and out so that it does not click).
    private func tone(_ cue: SoundCue) -> AVAudioPCMBuffer? {
        if let made = buffers[cue] { return made }
        let notes = Self.notes(cue)
        let perNote = Int(Self.sampleRate * Self.noteSeconds)
        let frames = perNote * notes.count
        guard let format,
            let buffer = AVAudioPCMBuffer(
                pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)),
            let samples = buffer.floatChannelData?[0]
        else { return nil }
        let fade = 200.0
        for (index, frequency) in notes.enumerated() {
            for frame in 0..<perNote {
                let time = Double(frame) / Self.sampleRate
                let envelope = min(1, Double(frame) / fade, Double(perNote - frame) / fade)
                samples[index * perNote + frame] = Float(
                    sin(2 * Double.pi * frequency * time) * 0.25 * envelope)
            }
        }
        buffer.frameLength = AVAudioFrameCount(frames)
        buffers[cue] = buffer
        return buffer
    }
}
