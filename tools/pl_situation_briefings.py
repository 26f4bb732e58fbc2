"""Each side's briefing for the twelve situations of tools/make_pl_situations.py (PL-E25).

The words are ours, written from each situation's own data: its forces and where they set up
or enter, its objectives and victory levels, and the boards it is laid on. `{terms}` in a
briefing is replaced by what wins, from the situation's levels (terms()).
"""

from __future__ import annotations


def terms(side: str, attacker: str, levels: dict) -> str:
    """What wins, in the words of a side's briefing (23.4; PL-D26: trucks and wagons never
    count)."""
    m, t, d = levels["marginal"], levels["tactical"], levels["decisive"]
    if side == attacker:
        return (f"You score 2 for each objective you hold at the end and 1 for each enemy unit "
                f"destroyed, less 1 for each of yours lost (trucks and wagons never count): {m} "
                f"wins, {t} is a tactical and {d} a decisive victory.")
    return ("They score 2 for each objective they hold at the end and 1 for each of your units "
            "destroyed, less 1 for each of theirs lost (trucks and wagons never count); keep "
            f"them below {m} and you win.")


# situation: each side's briefing, ours; "{terms}" is replaced by what wins (terms()).
BRIEFINGS = {
    "1": {
        "allied": "D-Day: your paratroopers, scattered inland, gather to clear the coastal "
                  "village at H-X-5, H-Y-5, H-Z-5 and H-Y-6 before the garrison can stop the "
                  "landings. Twelve rifle platoons, three machine-gun platoons, engineers and "
                  "an 81 mm mortar enter on turn 1 from the north edge, all on foot. {terms} "
                  "Come down the east side: the houses at E-Y-6 and the woods at E-AA-8 to "
                  "E-CC-9 cover the approach, and the mortar can fire from there.",
        "german": "Your coastal division's troops hold the village at H-X-5 to H-Y-6 above the beach "
                  "with six rifle platoons, security troops, engineers, three 20 mm Flak and a "
                  "mortar; an armoured car waits on the hill at H-E-6. The paratroopers come "
                  "from the north on turn 1, on foot. {terms} The Flak is your heaviest "
                  "weapon against men in the open: keep it where it sees the fields north of "
                  "the village, and use the armoured car to catch stragglers.",
    },
    "4": {
        "allied": "Hedgerow country: your infantry and tanks push south for the town at "
                  "F-AA-9, F-BB-9 and F-AA-10. Eighteen rifle platoons, machine-guns, 57 mm "
                  "guns and mortars, and ten tanks (M-4s, an M-4/105 and M-5s) enter on turn 1 "
                  "from the north edge, some in trucks. {terms} The Germans' guns and assault "
                  "guns sit on the ridge at F-L-4 to F-N-5: keep the tanks out of their sight "
                  "and come at the town down the east side, through the woods at F-BB-3 to "
                  "F-DD-4.",
        "german": "Paratroopers and an assault-gun brigade hold the south: ten rifle "
                  "platoons in the town at F-AA-9 to F-AA-10, and the anti-tank guns, mortars, "
                  "two Hetzers and a StuG on the ridge at F-L-4 to F-N-5. The Americans enter "
                  "from the north edge on turn 1 and have fifteen turns. {terms} The ridge "
                  "sees far but the town is what counts: use the halftracks and trucks to "
                  "move guns towards the town before the Shermans arrive.",
    },
    "6": {
        "allied": "Canadian infantry clear a German outpost line: take the market town at "
                  "G-P-7, G-Q-6, G-Q-7 and G-R-7. Eighteen rifle platoons, scouts, engineers, "
                  "machine-guns, three 57 mm guns, three 25-pounders and mortars enter on turn "
                  "1 from the west edge, the guns in trucks and Bren carriers; you have no "
                  "tanks. {terms} Enter south of the stream that winds across the north of "
                  "the board, and form up for the assault in the woods at G-N-7 to G-P-8, "
                  "next to the town, with the guns firing from the open ground behind.",
        "german": "Nine rifle platoons and three mortars hold the market town at G-P-7 to "
                  "G-R-7; two 75 mm howitzers stand in the woods at G-AA-8, and a road block "
                  "closes the road at G-W-4. The Canadians enter from the west edge on turn 1, "
                  "with guns but no tanks. {terms} The fields west of the town are open: fire "
                  "on anything crossing them, and keep the mortars on the woods at G-N-7 to "
                  "G-P-8, where the assault will gather.",
    },
    "7": {
        "allied": "Your combat command drives south across two boards on the Volksgrenadiers "
                  "holding two villages: E-H-6, E-I-5, E-I-6 and E-J-6 in the west, E-Y-6 and "
                  "E-Z-6 in the east. Nine rifle platoons in halftracks, 57 mm guns, three "
                  "Priests, nine Shermans and three M-5s enter on turn 1 from the north edge. "
                  "{terms} Vehicles cross a stream only by a bridge: the roads south run over "
                  "G-I-4 to the west village and over G-X-2 to the east one. Shell the west "
                  "village, where the anti-tank guns are, with the Priests before the tanks "
                  "close.",
        "german": "Your Volksgrenadiers hold two villages on the southern board: submachine-"
                  "gunners, engineers and three 75 mm anti-tank guns in the west one (E-H-6 to "
                  "E-J-6), infantry guns, two Grilles and a Hetzer in the east one (E-Y-6, "
                  "E-Z-6). An American combat command comes from the north edge on turn 1. "
                  "{terms} Their vehicles cannot enter the stream on board G; the roads south "
                  "cross it by the bridges at G-I-4 and G-X-2: watch those roads, and keep your guns where "
                  "they cover the open fields north of the villages.",
    },
    "8": {
        "allied": "Your armoured infantry attack a village held by officer cadets with three "
                  "88s. Nine armored infantry platoons in M-3 halftracks, three 57 mm guns, "
                  "three Shermans, a Priest and a mortar enter on turn 1 from the west edge. "
                  "The objectives are the village at E-H-6, E-I-5, E-I-6 and E-J-6, and the "
                  "houses at E-Y-6 and E-Y-7 across the stream. {terms} The 88s in E-H-6 see "
                  "far over the open fields west of it: close in through the woods at E-D-2 to E-F-3, "
                  "and send a few platoons over the bridge at E-S-5 for the far houses.",
        "german": "Officer cadets hold the village at E-H-6 to E-J-6: six rifle and three "
                  "submachine-gun platoons and three 88s; your trucks are parked in the houses "
                  "at E-Y-6, across the stream, which count too. The American armoured "
                  "infantry enter from the west edge on turn 1. {terms} A truck cannot defend "
                  "those houses: spare them a platoon if you can. The 88s kill halftracks in "
                  "the open; make the enemy pay before he reaches the village.",
    },
    "9": {
        "allied": "Paratroopers and Guards Shermans go for the town: the village at E-H-6, "
                  "E-I-5, E-I-6 and E-J-6 and the houses at E-Y-6 and E-Y-7 beyond the stream. "
                  "Nine rifle and three machine-gun platoons, mortars, three 25-pounders, "
                  "eight Shermans and a Valentine bridgelayer enter on turn 1 from the west "
                  "edge, in trucks and carriers. {terms} Two 88s stand in E-H-6 on the "
                  "village's west side. The stream is bridged only at E-S-5: the Valentine "
                  "can lay a second crossing for the tanks wherever you need one.",
        "german": "SS panzergrenadiers hold the village at E-H-6 to E-J-6 with two 88s, and "
                  "the houses at E-Y-6 and E-Y-7 with Flak, mortars, three Grilles and a StuG; "
                  "ten halftracks and the trucks wait on the rise at E-Z-3 to E-AA-5. The "
                  "Allies enter from the west edge on turn 1 with eight Shermans. {terms} Use "
                  "the halftracks to move grenadiers to whichever village is threatened; the "
                  "stream between them is bridged only at E-S-5.",
    },
    "10": {
        "german": "Your battle group closes on the British paratroopers holding the houses "
                  "at E-Y-6, E-Y-7 and E-Z-6 at the far end of the board. Twelve rifle "
                  "platoons, two Tigers, three Panzers, two Grilles, a 15 cm infantry gun, an "
                  "88 and Flak enter on turn 1 from the west edge, the guns towed. {terms} Tanks "
                  "cross the stream in the middle only by the bridge at E-S-5 or round its "
                  "ends; bring the Grilles and the heavy gun up to shell the houses while the "
                  "infantry go in.",
        "allied": "Your brigade holds the houses at E-Y-6, E-Y-7 and E-Z-6 with nine rifle "
                  "platoons; three engineer platoons are on the hill at E-AA-4, two 57 mm guns "
                  "and two mortars in the woods at E-AA-8. Nothing else is coming. The "
                  "Germans, with Tigers, enter from the west edge on turn 1. {terms} The "
                  "57 mm guns are your only anti-tank weapons: keep them hidden in the woods "
                  "until a tank comes close, and close-assault tanks that reach the houses with "
                  "the engineers.",
    },
    "12": {
        "german": "Panzer Lehr strikes the cavalry screen across three boards: take the "
                  "town at G-P-7, G-Q-6, G-Q-7 and G-R-7 in the middle and the houses at "
                  "F-AA-9 and F-AA-10 at the far east. Everything enters on turn 1 from the "
                  "west edge: twelve rifle platoons in halftracks and trucks, four Panthers, "
                  "three Panzer IVs, assault guns, armoured cars and mortars. {terms} It is a "
                  "long way in ten turns: keep to the road, which crosses the stream on "
                  "board E by the bridge at E-S-5, and leave the slow units behind.",
        "allied": "Your cavalry group screens the east: twelve rifle platoons hold the town "
                  "at G-P-7 to G-R-7, machine-guns, 57 mm guns, a 105 and mortars the houses "
                  "at F-AA-9 and F-AA-10, and your armour (Shermans, M-5s, Greyhounds, M-20s) "
                  "waits on the ridge at F-L-4 to F-N-5. Panzer Lehr enters from the west edge "
                  "on turn 1. {terms} The ridge lies between the two objectives: strike from it "
                  "at whatever reaches either one, and do not trade shots with the Panthers "
                  "in the open.",
    },
    "14": {
        "german": "Kampfgruppe Peiper breaks through: take the town at F-AA-9 and F-BB-9 "
                  "and the village at G-P-7, G-Q-6, G-Q-7 and G-R-7 beyond it. Everything "
                  "enters on turn 1 from the west edge: a Tiger I, a Tiger II, six Panthers, "
                  "six Panzer IVs, grenadiers and engineers in halftracks and trucks, two 88s "
                  "and Flak. {terms} The road from the west edge runs to both objectives; on "
                  "board G keep south of the stream that winds across the north.",
        "allied": "A thin line of engineers, armored infantry and 57 mm guns holds the "
                  "village at G-P-7 to G-R-7, with a Bofors and two Wolverines in the town at "
                  "F-BB-9; nothing more is coming. Peiper's Tigers and Panthers enter from the "
                  "west edge on turn 1. {terms} Make every tank pay on the way: the six "
                  "engineer platoons in the village are your best close-assault troops, and "
                  "the Wolverines should fight from cover, not in the open.",
    },
    "16": {
        "allied": "Your paratroopers meet Panzer Lehr's advance guard on the road to the "
                  "town: take G-P-7, G-Q-6, G-Q-7 and G-R-7. Eighteen rifle platoons, two "
                  "mortars, two Priests and three M-5s enter on turn 1 from the west edge. "
                  "{terms} The woods at G-N-7 to G-P-8 touch the town's west side: gather "
                  "there for the assault, and go round the swamp at G-F-7 to G-G-7.",
        "german": "Panzer Lehr's advance guard holds the town at G-P-7 to G-R-7 with fifteen "
                  "rifle platoons; armoured cars, a Lynx and a StuG stand north-east and "
                  "south-east of it, engineers and a mortar in the woods at G-AA-9. The paratroopers enter "
                  "from the west edge on turn 1. {terms} Your armoured cars are fast but thin-"
                  "skinned: strike infantry caught in the open fields west of the town and "
                  "pull back before the M-5s come up.",
    },
    "18": {
        "german": "Christmas Eve: your Volksgrenadiers and Panzer IVs close the ring on the "
                  "paratroopers: take the village at E-H-6, E-I-5, E-I-6 and E-J-6 at the "
                  "far east, and the houses at F-AA-9 and F-BB-9. Everything enters on turn 1 "
                  "from the west edge: eighteen infantry platoons, five Panzer IVs, four "
                  "Hetzers, armoured cars, howitzers, mortars and Flak. {terms} American "
                  "fighter-bombers fly every turn: keep the four 20 mm guns and the Wirbelwind "
                  "close to the armour.",
        "allied": "Your division holds the east: eighteen rifle platoons in the village at "
                  "E-H-6 to E-J-6, scouts at F-AA-10, a 155 mm howitzer, Priests and mortars, "
                  "and tank destroyers and light tanks on the ridge at F-N-4. Ten P-47s (five "
                  "with bombs, five with rockets) and an L-5 observer fly every turn. The "
                  "Germans enter from the west edge on turn 1. {terms} The air is yours: use "
                  "the L-5 to spot for the 155 and the Priests, and the P-47s on the Panzers "
                  "before they reach the houses.",
    },
    "20": {
        "allied": "Your combat command races for the town before the garrison can "
                  "hold it: take G-P-7, G-Q-6, G-Q-7 and G-R-7. Three armored infantry "
                  "platoons and two engineer platoons in M-3s, a Pershing, a Chaffee and two "
                  "Wolverines enter on turn 1 from the west edge; you have eight turns. "
                  "{terms} Speed counts more than care: the garrison is small, so keep the "
                  "halftracks on the road and unload close to the town.",
        "german": "A scratch garrison holds the town at G-P-7 to G-R-7: three rifle "
                  "platoons, security troops, engineers, a 20 mm Flak, a mortar and two "
                  "halftracks; a road block closes the road east at G-W-4. An American "
                  "combat command with a Pershing enters from the west edge on turn 1. {terms} "
                  "Every unit you keep alive costs them a point: hold the houses, and do not "
                  "throw the garrison away in the open.",
    },
}
