package app.chinesecheckers.ui.strings

import app.chinesecheckers.core.Colour
import app.chinesecheckers.core.LessonGoal
import app.chinesecheckers.core.LessonRule
import app.chinesecheckers.core.LessonTopic
import app.chinesecheckers.core.WrongTry

/** French. */
object FrenchLessonStrings : LessonStrings {
    override val learnToPlay = "Apprendre à jouer"
    override val offerTitle = "Nouveau aux dames chinoises ?"
    override val offerText = "Quelques courtes leçons sur le plateau montrent les coups : pas, sauts, enchaînements, grands sauts et échanges."
    override val skip = "Passer"
    override val lessonsTitle = "Leçons"
    override val finished = "Terminée"
    override fun topic(topic: LessonTopic) = when (topic) {
        LessonTopic.MOVES -> "Pas, sauts et enchaînements"
        LessonTopic.LONG_JUMPS -> "Les grands sauts"
        LessonTopic.SWAPS -> "L'échange du pion bloqué"
        LessonTopic.PASSED_TURN -> "Le tour passé"
        LessonTopic.CLASSIC -> "Classique : ce qui change"
        LessonTopic.STERNHALMA -> "Sternhalma : ce qui change"
    }
    override fun stepCount(steps: Int) = if (steps == 1) "1 étape" else "$steps étapes"
    override fun stepOf(step: Int, steps: Int) = "Étape $step sur $steps"
    override fun goal(goal: LessonGoal, colour: (Colour) -> String) = when (goal) {
        LessonGoal.Step -> "Faites un pas : avancez votre pion vers un trou voisin vide."
        is LessonGoal.JumpOver -> "Sautez par-dessus le pion ${colour(goal.colour).lowercase()} : posez-vous sur le trou vide juste derrière."
        is LessonGoal.Chain -> "Enchaînez ${goal.hops} sauts avec le même pion, saut après saut. S'il pouvait continuer, touchez Finir le saut."
        is LessonGoal.LongJump -> "Faites un grand saut par-dessus un pivot à ${goal.distance} trous : les trous avant et après lui doivent être vides."
        LessonGoal.SwapStuckPeg -> "Votre pion est bloqué : libérez-le en l'échangeant avec un pion adverse voisin."
        LessonGoal.EvictSquatter -> "Un pion adverse occupe votre cible : échangez votre dernier pion avec lui."
        LessonGoal.WatchPass -> "Ici les échanges sont désactivés (option du règlement) : vous êtes bloqué, sans pas ni saut. Regardez votre tour passer."
        is LessonGoal.MoveTo -> "Amenez un pion sur le trou cerclé."
        LessonGoal.FillTarget -> "Remplissez le dernier trou de votre cible pour gagner."
        is LessonGoal.WinAtMoveCap -> "C'est le dernier coup sur ${goal.cap} : le plus proche de l'arrivée est classé premier. Jouez pour être premier seul."
    }
    override fun wrongTry(reason: WrongTry, colour: (Colour) -> String) = when (reason) {
        WrongTry.NotAStep -> "Ce n'était pas un pas."
        WrongTry.NotAJump -> "Ce n'était pas un saut."
        is WrongTry.WrongPivot -> "Ce saut passait par-dessus un pion ${colour(reason.found).lowercase()}."
        is WrongTry.ChainTooShort -> if (reason.hops == 1) "L'enchaînement s'est arrêté après 1 saut." else "L'enchaînement s'est arrêté après ${reason.hops} sauts."
        is WrongTry.ChainTooLong -> "L'enchaînement a continué jusqu'à ${reason.hops} sauts."
        is WrongTry.WrongJumpLength -> if (reason.distance == 1) "Son pivot n'était qu'à 1 trou." else "Son pivot n'était qu'à ${reason.distance} trous."
        WrongTry.NotASwap -> "Ce n'était pas un échange."
        WrongTry.SquatterStays -> "Cet échange laisse l'intrus dans votre cible."
        WrongTry.WrongHole -> "Ce coup ne finissait pas sur le trou cerclé."
        WrongTry.NoWin -> "Ce coup ne gagnait pas."
        WrongTry.NotRankedFirst -> "À la limite de coups, vous ne seriez pas premier seul."
    }
    override val takenBack = "Le coup a été repris : réessayez."
    override val stepDone = "Bravo !"
    override val lessonDone = "Bravo : leçon terminée !"
    override val turnPassed = "Vous étiez bloqué : votre tour est passé."
    override val tryAgain = "Réessayer"
    override val nextStep = "Suivant"
    override val nextLesson = "Leçon suivante"
    override val allLessons = "Toutes les leçons"
    override val diagramsTitle = "Les coups sur le plateau"
    override val tryIt = "Essayer"
    override fun ruleTitle(rule: LessonRule) = when (rule) {
        LessonRule.STEP -> "Pas"
        LessonRule.JUMP -> "Saut"
        LessonRule.CHAIN -> "Enchaînement de sauts"
        LessonRule.END_JUMP -> "Finir le saut"
        LessonRule.LONG_JUMP -> "Grand saut"
        LessonRule.SWAP_STUCK_PEG -> "Échange : pion bloqué"
        LessonRule.SWAP_SQUATTER -> "Échange : l'intrus"
        LessonRule.PASSED_TURN -> "Tour passé"
        LessonRule.SHORT_JUMPS_ONLY -> "Petits sauts seulement"
        LessonRule.FILL_TARGET -> "Remplir la cible"
        LessonRule.CAMP_RULE -> "Camps étrangers"
        LessonRule.TARGET_LOCK -> "Verrou de la cible"
        LessonRule.MOVE_CAP -> "Limite de coups"
    }
    override fun ruleText(rule: LessonRule) = when (rule) {
        LessonRule.STEP -> "Un pion avance vers un trou voisin vide."
        LessonRule.JUMP -> "Un pion saute par-dessus un pion voisin, de n'importe quelle couleur, vers le trou vide juste derrière."
        LessonRule.CHAIN -> "Un même pion peut sauter encore et encore dans le même tour ; l'enchaînement finit seul quand aucun saut ne reste."
        LessonRule.END_JUMP -> "Un enchaînement qui pourrait continuer s'arrête avec Finir le saut."
        LessonRule.LONG_JUMP -> "Un pion saute par-dessus un pivot éloigné, aussi loin derrière lui : tous les trous entre eux doivent être vides."
        LessonRule.SWAP_STUCK_PEG -> "Un pion sans pas ni saut peut échanger sa place avec un pion adverse voisin."
        LessonRule.SWAP_SQUATTER -> "Votre dernier pion s'échange avec le pion adverse qui occupe votre cible."
        LessonRule.PASSED_TURN -> "Sans les échanges, un camp sans aucun coup passe son tour."
        LessonRule.SHORT_JUMPS_ONLY -> "Ici, seuls les petits sauts, par-dessus un pion voisin, sont permis."
        LessonRule.FILL_TARGET -> "Vous gagnez quand vos pions remplissent tous les trous de votre cible."
        LessonRule.CAMP_RULE -> "Un coup peut traverser un camp étranger mais pas y finir."
        LessonRule.TARGET_LOCK -> "Un pion dans sa cible doit finir son coup dans la cible."
        LessonRule.MOVE_CAP -> "À la limite de coups, le camp le plus proche de l'arrivée est classé premier."
    }
}
