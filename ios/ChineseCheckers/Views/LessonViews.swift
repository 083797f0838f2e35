// "Learn to play": the list of the core's lessons and a lesson on the board. The lesson screen
// keeps every part in place: the step and the goal above the board, one line of feedback with
// its room reserved, the board drawn as a game's (with the core's pointer), and End jump, Try
// again and Next in fixed slots below it (a button that does not apply now is disabled there).
// On a phone each step opens zoomed on its pegs (the model's framing; the board applies it).
// VoiceOver says each new feedback.
// AccessibilityNotification lives in the Accessibility framework (iOS 17).
import Accessibility
import ChineseCheckersCore
import ChineseCheckersKit
import SwiftUI

/// The lessons, tripot first, as the core lists them.
struct LessonsView: View {
    let model: LessonsModel
    /// Opens a lesson at its first step.
    let open: (String) -> Void

    var body: some View {
        List {
            ForEach(model.lessons, id: \.id) { lesson in
                Button {
                    open(lesson.id)
                } label: {
                    HStack {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(LessonsModel.title(lesson))
                            Text(LessonsModel.summary(lesson))
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                        Spacer()
                        if let done = LessonsModel.finished(lesson) {
                            Label {
                                Text(done)
                            } icon: {
                                Image(systemName: "checkmark.circle.fill")
                            }
                            .font(.caption)
                            .foregroundStyle(Color.green)
                        }
                    }
                }
                .accessibilityIdentifier("lessons-\(lesson.id)")
            }
        }
        .navigationTitle(Text("lessons.title"))
    }
}

/// A lesson on the board.
struct LessonView: View {
    @Bindable var model: LessonModel
    @State private var zoom = BoardZoom.identity

    var body: some View {
        VStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 4) {
                Text(model.progress)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .accessibilityIdentifier("lesson-progress")
                Text(model.goal)
                    .font(.headline)
                    .frame(maxWidth: .infinity, minHeight: 44, alignment: .topLeading)
                    .accessibilityIdentifier("lesson-goal")
                // Its room is kept when empty: the board never moves under the finger.
                Text(verbatim: model.feedback.map(AppText.string) ?? " ")
                    .font(.subheadline)
                    .foregroundStyle(model.feedbackIsSuccess ? Color.green : Color.primary)
                    .frame(maxWidth: .infinity, minHeight: 40, alignment: .topLeading)
                    .accessibilityIdentifier("lesson-feedback")
            }
            .padding(.horizontal)
            BoardCanvas(
                geometry: model.geometry, state: model.board, rotation: model.rotation,
                animation: model.animation, trail: [], arrows: model.missedArrows,
                onTap: { model.handle(.tapAt(x: $0, y: $1)) },
                onTapHole: { model.handle(.tap($0)) }, zoom: $zoom,
                pointer: model.pointer, framing: model.framing
            )
            .padding(.horizontal, 8)
            LessonButtons(model: model)
        }
        .navigationTitle(Text(model.title))
        .navigationBarTitleDisplayMode(.inline)
        .onChange(of: model.feedback) { _, feedback in
            guard let feedback else { return }
            AccessibilityNotification.Announcement(AppText.string(feedback)).post()
        }
        .alert(
            "common.problem", isPresented: errorShown(model.error) { model.handle(.dismissError) }
        ) {
            Button("common.ok", role: .cancel) { model.handle(.dismissError) }
        } message: {
            if let error = model.error { Text(error) }
        }
    }
}

/// End jump, Try again and Next: the same three slots in every step.
struct LessonButtons: View {
    let model: LessonModel

    var body: some View {
        HStack(spacing: 4) {
            ForEach(LessonButton.allCases, id: \.self) { button in
                Button {
                    model.handle(.press(button))
                } label: {
                    VStack(spacing: 2) {
                        Image(systemName: symbol(button))
                        Text(title(button))
                            .font(.caption)
                            .lineLimit(1)
                            .minimumScaleFactor(0.6)
                    }
                    .frame(maxWidth: .infinity, minHeight: 44)
                }
                .disabled(!model.isEnabled(button))
                .accessibilityIdentifier(identifier(button))
            }
        }
        .buttonStyle(.borderless)
        .padding(.horizontal, 8)
        .padding(.bottom, 8)
    }

    private func title(_ button: LessonButton) -> LocalizedStringKey {
        switch button {
        case .endJump: return "board.endJump"
        case .tryAgain: return "lesson.tryAgain"
        case .next: return model.nextOpensLesson ? "lesson.nextLesson" : "lesson.next"
        }
    }

    private func symbol(_ button: LessonButton) -> String {
        switch button {
        case .endJump: return "checkmark.circle"
        case .tryAgain: return "arrow.counterclockwise"
        case .next: return "arrow.right.circle"
        }
    }

    /// For the UI tests: "lesson-endJump", "lesson-tryAgain", "lesson-next".
    private func identifier(_ button: LessonButton) -> String {
        switch button {
        case .endJump: return "lesson-endJump"
        case .tryAgain: return "lesson-tryAgain"
        case .next: return "lesson-next"
        }
    }
}
