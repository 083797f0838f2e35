package app.chinesecheckers.ui.strings

import app.chinesecheckers.core.AiLevel
import app.chinesecheckers.core.Banner
import app.chinesecheckers.core.Camps
import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.Connection
import app.chinesecheckers.core.Deadlock
import app.chinesecheckers.core.EndReason
import app.chinesecheckers.core.ErrorCode
import app.chinesecheckers.core.Format
import app.chinesecheckers.core.Highlight
import app.chinesecheckers.core.LibraryException
import app.chinesecheckers.core.MaxChain
import app.chinesecheckers.core.MoveException
import app.chinesecheckers.core.MoveKind
import app.chinesecheckers.core.Notice
import app.chinesecheckers.core.OnlineException
import app.chinesecheckers.core.PastResult
import app.chinesecheckers.core.PlayerName
import app.chinesecheckers.core.Preset
import app.chinesecheckers.core.Ranking
import app.chinesecheckers.core.SaveException
import app.chinesecheckers.core.SavedGameKind
import app.chinesecheckers.core.SetupException
import app.chinesecheckers.core.Unreachable
import app.chinesecheckers.core.WinRule
import app.chinesecheckers.ui.online.TimeControlChoice

/** The French wording. */
object FrenchStrings : Strings {
    override val language = Language.French

    override val appName = "Dames chinoises"
    override val solo = "Solo"
    override val passAndPlay = "À tour de rôle"
    override val online = "En ligne"
    override val rules = "Règles"
    override val statistics = "Statistiques"
    override val settings = "Réglages"
    override val continueGame = "Reprendre"
    override val back = "Retour"
    override val start = "Commencer"
    override val cancel = "Annuler"
    override val close = "Fermer"
    override fun replaceInterrupted(kind: SavedGameKind, moves: Int) =
        "Commencer une nouvelle partie ? Votre partie interrompue (${savedGameKind(kind).lowercase()}, $moves coups) sera remplacée."
    override val replace = "Remplacer"
    override fun savedGameKind(kind: SavedGameKind) = when (kind) {
        SavedGameKind.SOLO -> "Solo"
        SavedGameKind.PASS_AND_PLAY -> "À tour de rôle"
        SavedGameKind.ONLINE -> "En ligne"
    }
    override fun savedGameLine(kind: SavedGameKind, preset: Preset, moves: Int) =
        "${savedGameKind(kind)} · ${preset(preset)} · $moves coup${if (moves > 1) "s" else ""}"
    override fun cardOpponents(names: List<String>) = "contre " + names.joinToString(", ")
    override fun cardPlayers(names: List<String>) = names.joinToString(", ")
    override fun nameWithLevel(name: String, level: AiLevel) = "$name (${aiLevel(level)})"
    override fun lastPlayed(secondsAgo: Long) = when {
        secondsAgo < 60 -> "jouée à l'instant"
        secondsAgo < 3600 -> "jouée il y a ${secondsAgo / 60} min"
        secondsAgo < 86_400 -> (secondsAgo / 3600).let { "jouée il y a $it h" }
        else -> (secondsAgo / 86_400).let { "jouée il y a $it jour${if (it > 1) "s" else ""}" }
    }
    override fun saveFailed(detail: String) = "Cette partie n'a pas pu être enregistrée ($detail). Elle est intacte tant que l'application reste ouverte."
    override val retrySave = "Réessayer"

    override val newGame = "Nouvelle partie"
    override val ruleSet = "Règles du jeu"
    override fun preset(preset: Preset) = when (preset) {
        Preset.TRIPOT -> "Tripot"
        Preset.CLASSIC -> "Classique"
        Preset.STERNHALMA -> "Sternhalma"
        Preset.RULEBOOK -> "Règle traditionnelle"
    }
    override fun presetSummary(preset: Preset) = when (preset) {
        Preset.TRIPOT -> "Le duel du club niçois : grands sauts, échanges, jamais bloqué"
        Preset.CLASSIC -> "Rouge contre bleu, petits sauts, remplir le camp d'en face"
        Preset.STERNHALMA -> "De 2 à 6 joueurs, règle des camps et verrou de la cible"
        Preset.RULEBOOK -> "Une base neutre pour les variantes traditionnelles"
    }
    override val players = "Joueurs"
    override val coloursPerSide = "Couleurs par camp"
    override val moreOptions = "Plus d'options"
    override val fewerOptions = "Moins d'options"
    override fun seat(number: Int) = "Place $number"
    override val person = "Personne"
    override fun aiLevel(level: AiLevel) = when (level) {
        AiLevel.BEGINNER -> "Débutant"
        AiLevel.EASY -> "Facile"
        AiLevel.MEDIUM -> "Moyen"
        AiLevel.HARD -> "Difficile"
        AiLevel.IMPOSSIBLE -> "Impossible"
    }
    override fun personality(level: AiLevel) = when (level) {
        AiLevel.BEGINNER -> "Avance un pion à la fois et voit rarement un grand saut."
        AiLevel.EASY -> "Adore un beau saut, mais ne pense qu'au coup présent."
        AiLevel.MEDIUM -> "Prévoit deux coups d'avance et construit des échelles quand il peut."
        AiLevel.HARD -> "Patient et précis : lit loin, bloque vos échelles, ne gaspille rien."
        AiLevel.IMPOSSIBLE -> "Calcule tout. Chaque temps compte contre elle."
    }
    override val opponent = "Adversaire"
    override val yourColour = "Votre couleur"
    override val whoOpens = "Qui commence"
    override fun openerFixed(colour: String) = "$colour commence : dans ces règles, le premier siège commence toujours."
    override val openerYou = "Vous"
    override val openerOpponent = "L'adversaire"
    override fun openerSeat(number: Int) = "Place $number"
    override val coinToss = "Pile ou face"
    override fun colour(colour: Colour) = when (colour) {
        Colour.S -> "Rouge"
        Colour.SW -> "Orange"
        Colour.NW -> "Jaune"
        Colour.N -> "Bleu"
        Colour.NE -> "Vert"
        Colour.SE -> "Violet"
    }
    override fun optionJumpReach(reach: Int) = if (reach <= 1) "Petits sauts" else "Sauts jusqu'à $reach trous"
    override val optionCamps = "Camps étrangers"
    override fun camps(camps: Camps) = when (camps) {
        Camps.OPEN -> "Ouverts"
        Camps.NO_STOPPING_IN_FOREIGN -> "Traversée sans arrêt"
        Camps.NO_FOREIGN -> "Interdits"
    }
    override val optionTargetLock = "Verrou de la cible"
    override val optionSwaps = "Échange du pion bloqué"
    override val optionMandatoryJump = "Saut obligatoire"
    override val optionMaxChain = "Chaîne la plus longue"
    override fun maxChain(maxChain: MaxChain) = when (maxChain) {
        MaxChain.OFF -> "Libre"
        MaxChain.PER_PIECE -> "La plus longue par pion"
        MaxChain.ARMY -> "La plus longue de tous les pions"
    }
    override val optionAntiBlocking = "Anti-blocage"
    override val optionBlockedDestination = "Destination bloquée"
    override val optionContinueForPlaces = "Continuer pour les places"
    override val optionRanking = "Classement"
    override fun ranking(ranking: Ranking) = when (ranking) {
        Ranking.DISTANCE -> "Distance restante"
        Ranking.PEGS_THEN_DISTANCE -> "Pions arrivés, puis distance"
    }
    override val optionWin = "Victoire"
    override fun winRule(rule: WinRule) = when (rule) {
        WinRule.ALL_OWN -> "Remplir la cible de ses propres pions"
        WinRule.FILLED_WITH_ONE_OWN -> "Cible pleine, dont un de ses pions"
    }
    override val optionDeadlock = "Blocage mutuel"
    override fun deadlock(deadlock: Deadlock) = when (deadlock) {
        Deadlock.PEG_COUNT -> "Décidé par les pions arrivés"
        Deadlock.NONE -> "Partie nulle"
    }
    override fun optionPegs(pegs: Int) = "$pegs pions"
    override fun unreadableGames(count: Int) = if (count == 1) "1 partie enregistrée n'a pas pu être lue" else "$count parties enregistrées n'ont pas pu être lues"
    override val optionJumpReachName = "Portée des sauts"
    override val optionPegsName = "Pions par couleur"
    override val optionOn = "Activé"
    override val optionOff = "Désactivé"

    override fun playerName(name: PlayerName) = when (name) {
        is PlayerName.Named -> name.name
        PlayerName.You -> "Vous"
        is PlayerName.Numbered -> "Joueur ${name.number}"
    }
    override fun toMove(name: String) = if (name == "Vous") "À vous de jouer" else "Au tour de $name"
    override fun thinking(name: String) = "$name réfléchit…"
    override val stopThinking = "Arrêter"
    override val letAiPlay = "Laisser jouer l'IA"
    override val endJump = "Finir le saut"
    override val undo = "Reprendre"
    override val redo = "Rétablir"
    override val hint = "Indice"
    override val replay = "Revoir"
    override val exitReplay = "Retour à la partie"
    override val history = "Coups"
    override val noMovesYet = "Aucun coup pour l'instant."
    override val showMoveOnBoard = "Montrer sur le plateau"
    override fun onTodaysBoard(words: String) = "$words — tracé sur le plateau tel qu’il est maintenant"
    override val zoomReset = "Plateau entier"
    override val offerDrawSlot = "Nulle ?"
    override val answerDrawSlot = "Répondre"
    override val exitReplaySlot = "Retour"
    override fun moveKind(kind: MoveKind) = when (kind) {
        MoveKind.STEP -> "pas"
        MoveKind.JUMP -> "saut"
        MoveKind.SWAP -> "échange"
        MoveKind.PASS -> "passe"
    }
    override fun historyEntry(number: Int, player: String, kind: MoveKind, from: String, to: String) =
        if (kind == MoveKind.PASS) "$number. $player : passe" else "$number. $player : ${moveKind(kind)} $from → $to"
    override val resign = "Abandonner"
    override val offerDraw = "Proposer la nulle"
    override val acceptDraw = "Accepter la nulle"
    override val declineDraw = "Refuser"
    override val answerDraw = "Répondre à la nulle"
    override val resignTitle = "Abandonner la partie ?"
    override val resignConsequence = "La partie s’arrête tout de suite et compte comme une défaite pour vous. Impossible d’annuler."
    override val resignLeavesConsequence = "L’ordinateur joue vos pions désormais et les autres continuent ; vous êtes classé dernier. Impossible d’annuler."
    override val offerDrawTitle = "Proposer la nulle ?"
    override val offerDrawConsequence = "On demande à votre adversaire s’il accepte de finir la partie sur une nulle. S’il accepte, personne ne gagne."
    override val answerDrawTitle = "Une nulle est proposée"
    override val answerDrawConsequence = "Acceptez, et la partie finit sur une nulle : personne ne gagne. Refusez, et la partie continue."
    override fun overLine(winners: String, reason: String) = "$winners $reason"
    override fun hintWords(kind: MoveKind, from: String, to: String) = "Conseil : ${moveKind(kind)} de $from à $to"
    override fun jumpAgain(canEnd: Boolean) = if (canEnd) "Sautez encore, ou « $endJump »" else "Sautez encore"
    override fun aiPaused(name: String) = "$name attend : $letAiPlay"
    override fun awayCountdown(name: String, left: String) = "$name a $left pour revenir"
    override val rematch = "Revanche"
    override val home = "Accueil"
    override fun banner(banner: Banner, names: (Int) -> String) = when (banner) {
        is Banner.CoinToss -> "Pile ou face : ${names(banner.opener)} ${if (names(banner.opener) == "Vous") "commencez" else "commence"}"
        is Banner.TurnSkipped -> {
            val who = names(banner.player)
            val blocked = if (who == "Vous") "Vous étiez bloqué" else "$who était bloqué"
            val times = if (banner.times > 1) " ${banner.times} fois" else ""
            "$blocked — tour passé$times"
        }
        is Banner.AiThinking -> thinking(names(banner.player))
        is Banner.DrawOffered -> "${names(banner.by)} propose la nulle"
        is Banner.DrawDeclined -> "${names(banner.by)} refuse la nulle"
        Banner.GameOver -> gameOver
        is Banner.Replay -> "Revoir : coup ${banner.shown} sur ${banner.total}"
        Banner.Connecting -> "Connexion…"
        Banner.Reconnecting -> "Connexion perdue — reconnexion…"
        Banner.Replaced -> "Cet appareil s'est reconnecté ailleurs — vos parties continuent là-bas. Rouvrez En ligne pour jouer ici."
        Banner.Waiting -> "En attente d'un adversaire…"
        is Banner.RoomCode -> "Code du salon ${banner.code} : partagez-le avec un ami"
        Banner.Sending -> "Envoi de votre coup…"
        Banner.Syncing -> "Mise à jour avec le serveur…"
        is Banner.OpponentDisconnected -> "${names(banner.player)} a perdu la connexion ; sa place est gardée"
        is Banner.OpponentReconnected -> "${names(banner.player)} est de retour"
        is Banner.RematchOffered -> "${names(banner.by)} propose une revanche"
        is Banner.MoveTimedOut -> {
            val who = names(banner.player)
            if (who == "Vous") "Votre temps est écoulé — le coup qui avance le plus a été joué pour vous"
            else "Le temps de $who est écoulé — le coup qui avance le plus a été joué à sa place"
        }
        is Banner.PlayerReplaced -> "${names(banner.player)} est parti — l'ordinateur joue à sa place"
        is Banner.ServerError -> errorCode(banner.code)
    }
    override fun notice(notice: Notice, names: (Int) -> String) = when (notice) {
        Notice.NotYourTurn -> "Ce n'est pas votre tour."
        Notice.EmptyHole -> "Touchez d'abord un de vos pions."
        is Notice.NotYourPeg -> "Ce pion appartient à ${names(notice.owner)}."
        Notice.PegCannotMove -> "Ce pion ne peut pas bouger."
        Notice.Watching -> "Vous regardez cette partie."
        is Notice.NotReachable -> "Inaccessible : ${unreachable(notice.reason)}"
    }
    override fun unreachable(reason: Unreachable) = when (reason) {
        Unreachable.NO_PATH -> "aucun pas ni saut n'y mène."
        Unreachable.CAMP_RULE -> "un coup ne peut pas finir dans un camp étranger."
        Unreachable.TARGET_LOCK -> "un pion dans sa cible doit y rester."
        Unreachable.MUST_JUMP -> "le saut est obligatoire."
        Unreachable.LONGEST_CHAIN -> "il faut jouer la chaîne la plus longue."
        Unreachable.MUST_FREE_TARGET -> "il faut d'abord libérer la cible adverse."
    }
    override val gameOver = "Partie terminée"
    override fun endReason(reason: EndReason, by: String?) = when (reason) {
        EndReason.WIN -> "Le camp cible est rempli."
        EndReason.DEADLOCK -> "Personne ne pouvait jouer : décidé par les pions arrivés."
        EndReason.DRAW -> "Partie nulle."
        EndReason.MOVE_LIMIT -> "La limite de coups est atteinte."
        EndReason.RESIGNED -> when (by) {
            null -> "Un joueur a abandonné."
            "Vous" -> "Vous avez abandonné."
            else -> "$by a abandonné."
        }
        EndReason.DRAW_AGREED -> "Nulle acceptée."
        EndReason.ABANDONED -> when (by) {
            null -> "La partie a été abandonnée."
            "Vous" -> "Vous avez quitté la partie."
            else -> "$by a quitté la partie."
        }
    }
    override fun winners(names: List<String>) = when {
        names.isEmpty() -> "Personne n'a gagné."
        names == listOf("Vous") -> "Vous avez gagné !"
        names.size == 1 -> "${names[0]} a gagné."
        else -> "${names.joinToString(" et ")} ont gagné."
    }
    override fun place(place: Int) = if (place == 1) "1er" else "${place}e"
    override fun holePosition(row: Int, place: Int) = "$row·$place"
    override fun holeLabel(row: Int, place: Int, pegColour: Colour?, owner: String?, highlight: Highlight): String {
        val peg = if (pegColour == null) "vide" else "pion ${colour(pegColour).lowercase()} de $owner"
        val lit = if (highlight == Highlight.NONE) "" else ", ${highlight(highlight)}"
        return "Rangée $row, place $place, $peg$lit"
    }
    override fun highlight(highlight: Highlight) = when (highlight) {
        Highlight.NONE -> "normal"
        Highlight.SELECTED -> "sélectionné"
        Highlight.STEP_TARGET -> "accessible par un pas"
        Highlight.JUMP_TARGET -> "accessible par un saut"
        Highlight.SWAP_TARGET -> "échange possible"
        Highlight.CHAIN -> "sur le chemin du saut"
        Highlight.LAST_MOVE -> "dernier coup"
        Highlight.HINT -> "indice"
    }

    override val quickMatch = "Partie rapide"
    override val notConnectedYet = "Pas encore connecté au serveur : ces choix l’attendent."
    override val noServer = "Aucun serveur n’est choisi pour le jeu en ligne. Saisissez son adresse sous Réglages → Avancé → Adresse du serveur."
    override fun format(format: Format) = when (format) {
        Format.TRIPOT1 -> "Tripot, 1 couleur"
        Format.TRIPOT2 -> "Tripot, 2 couleurs"
        Format.TRIPOT3 -> "Tripot, 3 couleurs"
        Format.CLASSIC -> "Classique"
        Format.STERNHALMA2 -> "Sternhalma · 2 joueurs"
        Format.STERNHALMA3 -> "Sternhalma · 3 joueurs"
        Format.STERNHALMA4 -> "Sternhalma · 4 joueurs"
        Format.STERNHALMA6 -> "Sternhalma · 6 joueurs"
    }
    override val searching = "Recherche d'un adversaire…"
    override val lobby = "Salle d'attente"
    override val createTable = "Ouvrir une table"
    override val closeTable = "Fermer la table"
    override val closeRoom = "Fermer le salon"
    override val waitingForOpponent = "Votre table est ouverte : en attente d'un adversaire…"
    override val noTables = "Aucune table ouverte. Ouvrez-en une !"
    override fun tableLine(host: String, format: Format) = "$host · ${format(format)}"
    override fun tableLine(host: String, format: Format, seated: Int, seats: Int) = "$host · ${format(format)} · $seated/$seats"
    override val seatedTitle = "À table"
    override fun freeSeats(count: Int) = if (count == 1) "1 place libre" else "$count places libres"
    override val startWithComputers = "Commencer avec l'ordinateur"
    override val computerLevel = "Niveau de l'ordinateur"
    override fun seatComputer(level: AiLevel) = "Ordinateur · ${aiLevel(level)}"
    override val timeControlTitle = "Cadence"
    override fun timeControlChoice(choice: TimeControlChoice) = when (choice) {
        TimeControlChoice.Default -> "Par défaut"
        TimeControlChoice.Untimed -> "Sans pendule"
        TimeControlChoice.PerMove30 -> "30 s par coup"
        TimeControlChoice.Game5Plus5 -> "5 min + 5 s"
    }
    override fun clockLeft(name: String, time: String) = if (name == "Vous") "Il vous reste $time" else "$name : il reste $time"
    override val seatAway = "absent"
    override fun seatAwayLeft(left: String) = "absent · $left"
    override val waitingForHost = "En attente d'autres joueurs ou du lancement par l'hôte…"
    override val leaveSeat = "Quitter"
    override val join = "Rejoindre"
    override val privateRoom = "Salon privé"
    override val createRoom = "Créer un salon"
    override val joinRoom = "Rejoindre un salon"
    override val roomCodeField = "Code du salon"
    override fun roomInvitation(code: String) = "Joue aux dames chinoises avec moi ! Code du salon : $code"
    override val share = "Partager"
    override fun roomExpires(minutes: Int) = "Le code est valable $minutes min."
    override val invalidRoomCode = "Ce n'est pas un code de salon (8 lettres et chiffres)."
    override fun connection(connection: Connection) = when (connection) {
        Connection.CONNECTING -> "Connexion"
        Connection.RECONNECTING -> "Reconnexion"
        Connection.REPLACED -> "Connecté ailleurs"
        Connection.CONNECTED -> "Connecté"
    }
    override fun errorCode(code: ErrorCode) = when (code) {
        ErrorCode.MALFORMED -> "Le serveur n'a pas pu lire un message."
        ErrorCode.UNKNOWN_MESSAGE -> "Le serveur ne connaît pas un message."
        ErrorCode.BAD_MESSAGE -> "Le serveur a refusé un message."
        ErrorCode.UNSUPPORTED_VERSION -> "Mettez l'application à jour pour jouer en ligne."
        ErrorCode.ALREADY_GREETED -> "Cette connexion était déjà établie."
        ErrorCode.HELLO_FIRST -> "La connexion n'était pas encore prête."
        ErrorCode.BAD_TOKEN -> "L'identité de cet appareil a été refusée."
        ErrorCode.BAD_NAME -> "Ce nom n'est pas autorisé."
        ErrorCode.RATE_LIMITED -> "Trop de demandes : patientez un instant."
        ErrorCode.TOO_LARGE -> "Un message était trop grand."
        ErrorCode.TOO_MANY_ROOMS -> "Vous avez trop de salons ouverts."
        ErrorCode.TOO_MANY_TABLES -> "Vous avez trop de tables ouvertes."
        ErrorCode.ALREADY_SEARCHING -> "Vous cherchez déjà une partie."
        ErrorCode.ROOM_NOT_FOUND -> "Aucun salon n'a ce code (il a peut-être expiré)."
        ErrorCode.TABLE_NOT_FOUND -> "Cette table n'existe plus."
        ErrorCode.OWN_TABLE -> "Vous ne pouvez pas rejoindre votre propre table."
        ErrorCode.GAME_NOT_FOUND -> "Cette partie n'existe plus."
        ErrorCode.NOT_IN_GAME -> "Vous n'êtes dans aucune partie."
        ErrorCode.WRONG_PLY -> "Le plateau n'était pas à jour ; il a été rafraîchi."
        ErrorCode.NOT_YOUR_TURN -> "Ce n'est pas votre tour."
        ErrorCode.ILLEGAL_MOVE -> "Le serveur a refusé ce coup."
        ErrorCode.GAME_OVER -> "La partie est terminée."
        ErrorCode.NOT_OVER -> "La partie n'est pas encore finie."
        ErrorCode.NO_DRAW_OFFER -> "Aucune proposition de nulle à laquelle répondre."
        ErrorCode.IDLE -> "Déconnecté après un long silence."
        ErrorCode.SHUTTING_DOWN -> "Le serveur redémarre."
        ErrorCode.INTERNAL -> "Le serveur a eu un problème."
        ErrorCode.NOT_IN_THIS_FORMAT -> "Le format de cette partie ne le permet pas."
        ErrorCode.NOT_HOST -> "Seul l'hôte de la table peut le faire."
    }
    override fun versus(name: String) = "contre $name"

    override val yourGames = "Vos parties"
    override val noPastGames = "Aucune partie terminée pour l'instant."
    override val watchGames = "Regarder une partie"
    override val noLiveGames = "Aucune partie en cours."
    override fun liveGameLine(format: String, players: List<String>, ply: Int) =
        "$format · ${players.joinToString(", ")} · ${if (ply <= 1) "$ply coup" else "$ply coups"}"
    override val watching = "Spectateur"
    override val stopWatching = "Arrêter de regarder"
    override val watchWithCode = "Regarder avec un code"
    override val noGameWithCode = "Aucune partie ne se joue avec ce code."
    override fun pastResult(result: PastResult) = when (result) { PastResult.WON -> "Gagnée"; PastResult.LOST -> "Perdue"; PastResult.NO_WINNER -> "Sans vainqueur" }
    override fun pastDate(endedMs: Long, nowMs: Long) = shortDate(endedMs, nowMs, "aujourd'hui", "hier", java.util.Locale.FRENCH)
    override val yourRatings = "Votre classement"
    override fun ratingLine(preset: Preset, rating: Int, games: Int) = "${preset(preset)} $rating ($games ${if (games <= 1) "partie" else "parties"})"
    override fun ratedName(name: String, rating: Int) = "$name ($rating)"
    override fun ratingChange(before: Int, after: Int) = "Classement $before → $after"

    override fun rulesText(preset: Preset) = when (preset) {
        Preset.TRIPOT -> listOf(
            RulesSection("Camps", "Deux camps jouent 1, 2 ou 3 couleurs voisines ; chacun déplace un pion de ses couleurs par tour. L'adversaire occupe les camps opposés."),
            RulesSection("Coups", "Un pas vers un trou voisin, ou un saut par-dessus un pion — un grand saut franchit un pion jusqu'à 5 trous et retombe à la même distance derrière. Les sauts s'enchaînent bond par bond ; touchez Finir le saut pour s'arrêter."),
            RulesSection("Victoire", "Remplir chaque trou de vos camps cibles avec vos pions. Un seul pion adverse resté là suffit à vous en empêcher."),
            RulesSection("Échange", "Un pion bloqué, ou votre dernier pion face à un squatteur, peut échanger sa place avec un pion adverse proche : c'est tout le tour."),
            RulesSection("Tour passé", "Un camp sans coup passe. Si les deux camps passent de suite, celui qui a le plus de pions arrivés gagne."),
        )
        Preset.CLASSIC -> listOf(
            RulesSection("Camps", "Rouge (sud) contre bleu (nord), 10 pions chacun. Le rouge commence toujours."),
            RulesSection("Coups", "Un pas vers un trou voisin, ou un saut par-dessus un pion adjacent vers le trou vide derrière ; les sauts s'enchaînent."),
            RulesSection("Victoire", "Remplir les 10 trous du camp opposé. Un pion adverse encore là vous bloque jusqu'à ce qu'il parte."),
            RulesSection("Aucun coup", "Un joueur sans coup légal passe ; deux passes de suite font une partie nulle."),
        )
        Preset.STERNHALMA -> listOf(
            RulesSection("Joueurs", "2, 3, 4 ou 6 joueurs, une couleur et 10 billes chacun, jouant à tour de rôle dans le sens horaire."),
            RulesSection("Coups", "Un pas vers un trou voisin, ou un saut par-dessus une bille adjacente ; les sauts s'enchaînent."),
            RulesSection("Règle des camps", "Un coup peut traverser tout camp, mais ne peut pas finir dans un camp qui n'est ni le vôtre ni votre cible."),
            RulesSection("Verrou de la cible", "Une bille déjà dans sa cible doit y finir son coup."),
            RulesSection("Victoire", "Votre cible est pleine et au moins une bille y est à vous. Les autres sont classés par distance restante ; après 200 coups chacun, les plus proches gagnent."),
        )
        Preset.RULEBOOK -> listOf(
            RulesSection("Base", "Petits sauts, camps ouverts et pas d'échange, comme le Classique : une base neutre pour les variantes traditionnelles."),
            RulesSection("Variantes", "Super-sauts, duel à 15 pions, verrou de destination, camps étrangers interdits, sauts obligatoires et plus longs, anti-blocage, équipes et jeu pour les places sont des options sous Plus d'options."),
        )
    }
    override val played = "Jouées"
    override val won = "Gagnées"
    override val lost = "Perdues"
    override val drawn = "Nulles"
    override val fewestMoves = "Victoire la plus courte (coups)"
    override val noStatistics = "Jouez une partie solo contre un adversaire pour voir vos statistiques ici."

    override val sound = "Son"
    override val haptics = "Vibrations"
    override val animationSpeed = "Vitesse des animations"
    override fun animationSpeed(speed: AnimationSpeed) = when (speed) {
        AnimationSpeed.Slow -> "Lente"
        AnimationSpeed.Normal -> "Normale"
        AnimationSpeed.Fast -> "Rapide"
    }
    override val reducedMotion = "Réduire les animations"
    override val aiPace = "Pause après chaque coup de l’ordinateur"
    override val aiPaceHint = "Pour voir chaque coup quand plusieurs ordinateurs jouent ; aucune avec les animations réduites."
    override fun aiPaceValue(millis: Int) = if (millis == 0) "Aucune" else "${seconds(millis).replace('.', ',')} s"
    override val boardRotation = "Tourner le plateau vers le joueur"
    override val boardRotationHint = "À tour de rôle, le joueur qui doit jouer est en bas."
    override val displayName = "Nom affiché"
    override val serverAddress = "Adresse du serveur"
    override val advanced = "Avancé"
    override val resetToDefault = "Rétablir la valeur par défaut"
    override fun defaultServer(address: String) = "Laissez vide pour le serveur public ($address)."
    override val noDefaultServer = "Cette version n’a pas de serveur public : saisissez l’adresse d’un serveur pour jouer en ligne (wss://…)."
    override val languageSetting = "Langue"
    override fun languageName(language: Language) = EnglishStrings.languageName(language)
    override val systemDefault = "Système"
    override val theme = "Thème"
    override fun theme(choice: ThemeChoice) = when (choice) {
        ThemeChoice.System -> "Système"
        ThemeChoice.Light -> "Clair"
        ThemeChoice.Dark -> "Sombre"
    }

    override fun setupChange(change: app.chinesecheckers.core.SetupChange) = when (change) {
        is app.chinesecheckers.core.SetupChange.SeatCount -> "Ces règles ne se jouent pas à ${change.from} joueurs : la partie en compte maintenant ${change.to}."
        is app.chinesecheckers.core.SetupChange.ColoursPerSide -> "Couleurs par camp : ${change.to} désormais, et non ${change.from} — ces règles n’en permettent pas d’autre."
        app.chinesecheckers.core.SetupChange.Opener -> "Dans ces règles, le premier joueur commence."
    }
    override fun setupError(e: SetupException) = when (e) {
        is SetupException.SeatCount -> "${preset(e.preset)} se joue à ${e.allowed.joinToString(", ")} joueurs, pas ${e.found}."
        is SetupException.ColoursPerSide -> "${preset(e.preset)} permet ${e.allowed.joinToString(", ")} couleurs par camp, pas ${e.found}."
        is SetupException.OpenerFixed -> "En ${preset(e.preset)}, qui commence est imposé."
        is SetupException.NoSuchSeat -> "Il n'y a pas de place ${e.index + 1} sur ${e.seats}."
        is SetupException.BadRules -> "Ces options de règles sont incompatibles (${e.detail})."
        is SetupException.BadPosition -> "Cette position ne peut pas être jouée (${e.detail})."
        is SetupException.OptionFixed -> "En ${preset(e.preset)}, cette option ne peut pas être changée."
        is SetupException.OptionValue -> "${preset(e.preset)} ne propose pas ce choix."
    }
    override fun moveError(e: MoveException) = when (e) {
        is MoveException.GameOver -> "La partie est terminée."
        is MoveException.NotYourTurn -> "Ce n'est pas votre tour."
        is MoveException.NotAiTurn -> "Ce n'est pas le tour de l'IA."
        is MoveException.NothingToUndo -> "Rien à annuler."
        is MoveException.NothingToRedo -> "Rien à rétablir."
        is MoveException.NoJumpInProgress -> "Aucun saut en cours."
        is MoveException.CannotEndHere -> "Le saut ne peut pas finir ici."
        is MoveException.DrawNotPossible -> "Impossible de proposer la nulle maintenant."
        is MoveException.NoDrawOffer -> "Aucune proposition de nulle."
        is MoveException.NothingToReplay -> "Rien à revoir pour l'instant."
        is MoveException.NotReplaying -> "Aucun revoir en cours."
        is MoveException.HintNotPossible -> "Pas d'indice maintenant."
        is MoveException.MoveInFlight -> "Votre dernier coup est encore en cours d'envoi."
        is MoveException.NoGame -> "Il n'y a pas de partie."
        is MoveException.NotOver -> "La partie n'est pas encore terminée."
        is MoveException.NotConnected -> "Pas de connexion au serveur."
        is MoveException.NoTransport -> "La connexion au serveur n'est pas encore prête."
        is MoveException.Internal -> "Une erreur est survenue (${e.detail})."
    }
    override fun libraryError(e: LibraryException) = when (e) {
        is LibraryException.WouldReplace -> "Cela remplacerait votre partie interrompue (${savedGameKind(e.existing.kind).lowercase()})."
        is LibraryException.NotFound -> "Cette partie enregistrée n'existe plus."
        is LibraryException.Damaged -> "Une partie enregistrée est endommagée (${e.file})."
        is LibraryException.TooNew -> "Une partie enregistrée vient d'une version plus récente de l'application."
        is LibraryException.Storage -> "Les parties n'ont pas pu être enregistrées (${e.detail})."
    }
    override fun onlineError(e: OnlineException) = when (e) {
        is OnlineException.BadName -> "Ce nom n'est pas autorisé."
        is OnlineException.BadToken -> "L'identité de cet appareil est endommagée."
        is OnlineException.BadRoomCode -> invalidRoomCode
        is OnlineException.NotConnected -> "Pas de connexion au serveur."
        is OnlineException.GameInProgress -> "Terminez d'abord la partie en cours."
        is OnlineException.NoGame -> "Il n'y a pas de partie en ligne."
        is OnlineException.NoTable -> "Vous n'avez pas de table ouverte."
        is OnlineException.NotSeated -> "Vous n'êtes assis à aucune table."
        is OnlineException.NotHost -> "Seul l'hôte de la table peut lancer la partie."
        is OnlineException.NotOver -> "La partie n'est pas encore finie."
        is OnlineException.NoDrawOffer -> "Aucune proposition de nulle."
        is OnlineException.Malformed -> "Le serveur a envoyé un message illisible."
    }
    override fun saveError(e: SaveException) = when (e) {
        is SaveException.Corrupt -> "La partie enregistrée est endommagée."
        is SaveException.TooNew -> "La partie enregistrée vient d'une version plus récente de l'application."
    }
}
