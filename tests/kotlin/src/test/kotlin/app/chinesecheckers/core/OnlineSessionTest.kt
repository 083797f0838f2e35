package app.chinesecheckers.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The online mode through the generated bindings, fed with scripted server frames (no network). */
class OnlineSessionTest {
    private val snapshot = """{"type":"sync","snapshot":{"game":"g1","seq":1,"side":0,"format":"tripot1",
        "players":["Ann","Bob"],"moves":[],"draw_offer":null,"connected":[true,true],
        "rematch":[false,false],"rematch_game":null,"result":null}}"""

    @Test
    fun movesStringsOnly() {
        val s = GameSession.newOnline()
        assertThrows<SessionException> { s.tap(0, 0) }
        val hello = s.onlineHello(newToken(), "Ann")
        assertTrue(hello.outgoing.single().contains("\"type\":\"hello\""))
        assertEquals(BannerKind.CONNECTING, hello.view.banner?.kind)
        s.onlineReceive("""{"type":"welcome","v":1,"name":"Ann","games":[]}""")
        s.onlineCreateRoom(OnlineFormat.TRIPOT1)
        val room = s.onlineReceive("""{"type":"room_created","code":"ABC234","format":"tripot1","expires_in_s":600}""")
        assertEquals("ABC234", room.view.online?.roomCode)
        assertEquals(BannerKind.ROOM_CODE, room.view.banner?.kind)
        s.onlineReceive("""{"type":"matched","game":"g1","side":0,"format":"tripot1","opponent":"Bob"}""")
        val started = s.onlineReceive(snapshot).view
        assertEquals("g1", started.online?.game)
        assertFalse(started.capabilities.canUndo || started.capabilities.canHint)
        assertTrue(started.capabilities.canResign)

        // A step with two taps: pending at once, committed by the server's event.
        val mine = started.players[0].colours
        var sent: String? = null
        for (hole in started.holes.filter { it.occupant != null && it.occupant in mine }) {
            val step = s.onlineTap(hole.coord.q, hole.coord.r).view.targets
                .firstOrNull { it.kind == MoveKindView.STEP }
            if (step == null) {
                s.onlineCancelTouch()
                continue
            }
            val up = s.onlineTap(step.coord.q, step.coord.r)
            assertEquals(BannerKind.SENDING, up.view.banner?.kind)
            assertEquals(2, up.view.online?.pendingMove?.size)
            sent = up.outgoing.single()
            break
        }
        val move = sent!!
        assertTrue(move.contains("\"type\":\"move\""))
        val mv = move.substring(move.indexOf("\"mv\":") + 5, move.length - 1)
        val committed = s.onlineReceive(
            """{"type":"event","game":"g1","seq":2,"event":{"kind":"moved","ply":0,"side":0,"mv":$mv}}"""
        ).view
        assertTrue(committed.online!!.pendingMove.isEmpty())
        assertEquals(1, committed.history.size)
        assertEquals(1u, committed.toMove)

        // A refusal asks for a resync.
        val resync = s.onlineReceive("""{"type":"error","code":"internal","message":"oops","game":"g1"}""")
        assertTrue(resync.outgoing.single().contains("\"type\":\"resume\""))
        assertTrue(s.onlineResign().outgoing.single().contains("\"type\":\"resign\""))
    }
}
