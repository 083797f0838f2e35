package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The online game through the generated bindings, fed with scripted server frames (no network). */
class OnlineGameTest {
    private fun snapshot(seq: Int, moves: String = "") = """{"type":"sync","snapshot":{"game":"g1","seq":$seq,
        "side":0,"format":"tripot1","players":["Ann","Bob"],"moves":[$moves],"draw_offer":null,
        "connected":[true,true],"rematch":[false,false],"rematch_game":null,"result":null}}"""

    private fun event(seq: Int, event: String) = """{"type":"event","game":"g1","seq":$seq,"event":$event}"""

    /** Collects the frames the session's board calls send. */
    private class Outbox : OnlineTransport {
        val frames = mutableListOf<String>()
        override fun send(frame: String) {
            frames += frame
        }
    }

    /**
     * One call of the session's board (`game()`), as the apps make it (taps, resign, draws): the
     * frames it sent through the transport and the session's state after it.
     */
    private fun OnlineGame.onBoard(call: (Game) -> Unit): OnlineUpdate {
        val outbox = Outbox()
        setTransport(outbox)
        call(game())
        return OnlineUpdate(outbox.frames.toList(), state())
    }

    private fun OnlineUpdate.sent(type: String): String {
        val msg = outgoing.single()
        assertTrue(msg.contains("\"type\":\"$type\""), msg)
        return msg
    }

    @Test
    fun theOnlineFormatsAndTheirSeatsComeFromTheCore() {
        val formats = onlineFormats()
        assertEquals(Format.entries.toSet(), formats.toSet())
        assertEquals(Format.TRIPOT1, formats.first())
        assertEquals(listOf(2, 2, 2, 2, 2, 3, 4, 6), formats.map { formatSeats(it) })
    }

    @Test
    fun roomCodesAreCheckedAsTyped() {
        assertEquals(checkRoomCode("ABCD2345"), checkRoomCode(" abcd-2345 "))
        assertTrue(checkRoomCode("ABCD2345") != null)
        assertNull(checkRoomCode(""))
        assertNull(checkRoomCode("ABC"))
        val e = assertThrows<OnlineException.BadRoomCode> { OnlineGame().send(OnlineRequest.JoinRoom("a?")) }
        assertEquals("a?", e.code)
    }

    @Test
    fun movesStringsOnly() {
        val g = OnlineGame()
        assertThrows<MoveException.NoGame> { g.onBoard { it.tap(0, 0) } }
        assertEquals(Connection.CONNECTING, g.state().connection)
        val hello = g.send(OnlineRequest.Hello(newToken(), "Ann"))
        hello.sent("hello")
        assertEquals(Banner.Connecting, hello.state.board.banner)
        val welcome = g.receive("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
        assertTrue(welcome.outgoing.isEmpty())
        assertEquals(Connection.CONNECTED, welcome.state.connection)
        assertEquals("Ann", welcome.state.name)
        g.send(OnlineRequest.CreateRoom(Format.TRIPOT1, null)).sent("create_room")
        val room = g.receive("""{"type":"room_created","code":"ABCD2345","format":"tripot1","expires_in_s":600}""").state
        assertEquals(RoomInfo("ABCD2345", Format.TRIPOT1, 600L), room.room)
        assertEquals(Banner.RoomCode("ABCD2345"), room.board.banner)
        g.receive("""{"type":"matched","game":"g1","side":0,"format":"tripot1","players":["Ann","Bob"]}""")
        val started = g.receive(snapshot(1)).state
        assertNull(started.room)
        val info = started.game!!
        assertEquals("g1", info.id)
        assertEquals(0, info.side)
        assertEquals("Bob", info.opponent)
        // Every seat, ours first (side 0), both people and connected.
        assertEquals(listOf(OnlineSeat("Ann", null, true), OnlineSeat("Bob", null, true)), info.seats)
        assertNull(started.seated)
        assertEquals(Format.TRIPOT1, info.format)
        assertTrue(info.opponentConnected && !info.over && !info.resyncing)
        val board = started.board
        assertEquals(PlayerName.You, board.players[0].name)
        assertEquals(PlayerName.Named("Bob"), board.players[1].name)
        assertEquals(SeatPlayer.Remote, board.players[1].player)
        assertFalse(board.capabilities.canUndo || board.capabilities.canHint || board.capabilities.canReplay)
        assertTrue(board.capabilities.canResign && board.capabilities.canOfferDraw)
        assertThrows<OnlineException.GameInProgress> { g.send(OnlineRequest.QuickMatch(Format.TRIPOT2)) }
        assertThrows<MoveException.NotOver> { g.onBoard { it.rematch() } }

        // A step with two taps: pending at once (and animated), committed by the server's event.
        assertTrue(g.onBoard { it.tap(-1, 5) }.outgoing.isEmpty())
        val up = g.onBoard { it.tap(-1, 4) }
        assertEquals(Banner.Sending, up.state.board.banner)
        assertEquals(listOf(Coord(-1, 5), Coord(-1, 4)), up.state.game!!.pendingMove)
        assertEquals(ChangeKind.NEW_MOVE, up.state.board.change.kind)
        assertEquals(listOf(Coord(-1, 5), Coord(-1, 4)), up.state.board.change.animate)
        assertThrows<MoveException.MoveInFlight> { g.onBoard { it.tap(-2, 6) } }
        val move = up.sent("move")
        val mv = move.substring(move.indexOf("\"mv\":") + 5, move.lastIndexOf('}'))
        val committed = g.receive(event(2, """{"kind":"moved","ply":0,"side":0,"mv":$mv}""")).state
        assertTrue(committed.game!!.pendingMove.isEmpty())
        assertEquals(1, committed.board.history.size)
        assertEquals(1, committed.board.toMove)
        assertNull(committed.board.banner)
        val revision = committed.board.revision

        // The opponent's move is validated and animated.
        val theirs = """{"kind":"step","path":[[1,-5],[1,-4]]}"""
        val moved = g.receive(event(3, """{"kind":"moved","ply":1,"side":1,"mv":$theirs}""")).state.board
        assertEquals(2, moved.history.size)
        assertEquals(ChangeKind.NEW_MOVE, moved.change.kind)
        assertEquals(listOf(Coord(1, -5), Coord(1, -4)), moved.change.animate)
        assertTrue(moved.revision > revision)
        assertEquals(0, moved.toMove)

        // The opponent drops and comes back; offers a draw, which is declined.
        val gone = g.receive(event(4, """{"kind":"disconnected","side":1,"grace_ms":30000}""")).state
        assertFalse(gone.game!!.opponentConnected)
        val away = gone.board.banner as Banner.OpponentDisconnected
        assertEquals(1, away.player)
        assertNotNull(away.backByMs)
        val back = g.receive(event(5, """{"kind":"reconnected","side":1}""")).state
        assertEquals(Banner.OpponentReconnected(1), back.board.banner)
        val offered = g.receive(event(6, """{"kind":"draw_offered","side":1}""")).state
        assertEquals(Banner.DrawOffered(1), offered.board.banner)
        assertTrue(offered.board.capabilities.canAnswerDraw)
        assertTrue(g.onBoard { it.answerDraw(false) }.sent("draw").contains("decline"))
        val declined = g.receive(event(7, """{"kind":"draw_declined","side":0}""")).state
        assertFalse(declined.board.capabilities.canAnswerDraw)
        assertThrows<MoveException.NoDrawOffer> { g.onBoard { it.answerDraw(true) } }

        // A refusal asks for a resync; the snapshot brings the game back in step.
        val refused = g.receive("""{"type":"error","code":"internal","message":"oops","game":"g1"}""")
        refused.sent("resume")
        assertEquals(ErrorCode.INTERNAL, refused.state.lastError)
        assertTrue(refused.state.game!!.resyncing)
        assertEquals(Banner.Syncing, refused.state.board.banner)
        val synced = g.receive(snapshot(7, "$mv,$theirs")).state
        assertFalse(synced.game!!.resyncing)
        assertEquals(2, synced.board.history.size)

        // The save keeps the game; a restored session resumes it after its welcome.
        val restored = OnlineGame.restore(g.save())
        assertEquals("g1", restored.state().game!!.id)
        assertEquals(synced.board.history, restored.state().board.history)
        restored.send(OnlineRequest.Hello(newToken(), "Ann")).sent("hello")
        restored.receive("""{"type":"welcome","v":2,"name":"Ann","games":["g1"]}""").sent("resume")

        // The end: we resign; the server's event ends the game on the board.
        g.onBoard { it.resign() }.sent("resign")
        val ended = g.receive(event(8, """{"kind":"ended","result":{"winner":1,"reason":"resign"}}""")).state
        val end = ended.board.outcome!!
        assertEquals(EndReason.RESIGNED, end.reason)
        assertEquals(0, end.by)
        assertEquals(listOf(1), end.winners)
        assertEquals(Banner.GameOver, ended.board.banner)
        assertTrue(ended.game!!.over)
        assertTrue(ended.board.capabilities.canRematch)
        assertFalse(ended.board.capabilities.canResign)
        assertThrows<MoveException.NoGame> { g.onBoard { it.resign() } }
        g.onBoard { it.rematch() }.sent("rematch")
    }

    @Test
    fun connectionLostShowsReconnecting() {
        val g = OnlineGame()
        g.send(OnlineRequest.Hello(newToken(), "Ann"))
        g.receive("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
        val lost = g.connectionLost()
        assertEquals(Connection.RECONNECTING, lost.connection)
        assertEquals(Banner.Reconnecting, lost.board.banner)
        assertThrows<OnlineException.NotConnected> { g.send(OnlineRequest.CreateRoom(Format.TRIPOT1, null)) }
        g.send(OnlineRequest.Hello(newToken(), "Ann"))
        val again = g.receive("""{"type":"welcome","v":2,"name":"Ann","games":[]}""").state
        assertEquals(Connection.CONNECTED, again.connection)
        g.send(OnlineRequest.QuickMatch(null)).sent("quick_match")
        val waiting = g.receive("""{"type":"searching","format":null}""").state
        assertTrue(waiting.searching)
        assertEquals(Banner.Waiting, waiting.board.banner)
        g.send(OnlineRequest.CancelMatch).sent("cancel_match")
        assertFalse(g.receive("""{"type":"match_cancelled"}""").state.searching)
    }

    @Test
    fun replacedByAnotherConnectionStopsReconnecting() {
        val g = OnlineGame()
        g.send(OnlineRequest.Hello(newToken(), "Ann"))
        g.receive("""{"type":"welcome","v":2,"name":"Ann","games":[]}""")
        val replaced = g.receive("""{"type":"replaced","message":"this device connected again"}""")
        assertTrue(replaced.outgoing.isEmpty())
        assertEquals(Connection.REPLACED, replaced.state.connection)
        assertEquals(Banner.Replaced, replaced.state.board.banner)
        // The server closes the socket: the client does not come back by itself.
        assertEquals(Connection.REPLACED, g.connectionLost().connection)
        assertNull(g.reconnectDelayMs())
        // The person opens online play again: hello takes over once more.
        g.send(OnlineRequest.Hello(newToken(), "Ann"))
        assertEquals(Connection.CONNECTED, g.receive("""{"type":"welcome","v":2,"name":"Ann","games":[]}""").state.connection)
    }
}
