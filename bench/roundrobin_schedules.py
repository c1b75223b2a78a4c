"""Make the round-robin schedules tourney ships
(tourney/tournament/formats/round_robin/schedules.json).

Regenerate: ``python -m bench.roundrobin_schedules`` (the shipped file was made so, in 52
minutes on a shared 2-core machine; ``--check`` compares without writing). ``--only 22@4,23@4
--budget 6000000`` searches longer for some fields and keeps a schedule only where it is
better (tried for 13, 14 and 21-24 at 4s: nothing better was found). ``--max 20 --budget
200000`` for a quick look.

For every table size 3 and 4 and every field of 3 to ``--max`` entrants it keeps the best
of:

* a published schedule (below, with its source), or one made from a published or
  constructed schedule for one entrant more by leaving that entrant out -- a perfect
  schedule stays perfect, and its table that loses the entrant becomes the one smaller
  table `seating.table_sizes` asks for;
* the affine planes AG(2, q) for q = 3, 4: q*q entrants, q + 1 rounds, every pair exactly
  once (points of the plane over GF(q); each round is one class of parallel lines);
* `tourney.tournament.seating.covering.search` with ``--budget`` moves for each of ``--seeds``
  seeds.

"Best" is: fewest rounds, then fewest repeat meetings weighted m*(m-1)/2, then the lowest
most-meetings. Every round of a shipped schedule has exactly `seating.table_sizes` tables;
a published schedule whose rounds do not is skipped. Tables of 2 need nothing shipped:
the circle method is perfect for every field.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

from tourney.tournament.seating.covering import (
    Rounds,
    cost_of,
    lower_bound,
    meeting_counts,
    repeat_floor,
    search,
)
from tourney.tournament.seating.seating import table_sizes

OUT = (
    Path(__file__).resolve().parent.parent
    / "tourney"
    / "tournament"
    / "formats"
    / "round_robin"
    / "schedules.json"
)

# Published schedules, one round a line, tables separated by spaces, one character an
# entrant. Transcribed from the table of solutions collected by the "Dagstuhl's Happy Diner
# Problem" project (github.com/fpvandoorn/Dagstuhl-tables, literature.md), which gives
# these sources: Wolfram Demonstrations "Social Golfer Problem" (15 and 21 at 3s, 28 and
# 32 at 4s, 18 at 3s); the survey of resolvable designs by R. Mathon and A. Rosa in
# International Statistical Review (JSTOR 1402466) (33 and 39 at 3s, 40 at 4s);
# math.stackexchange.com answer 4622845 (20 at 4s). Each is verified here before use.
PUBLISHED: dict[tuple[int, int], tuple[str, str]] = {
    (3, 15): (
        "Kirkman's schoolgirl schedule",
        """ABC DEF GHI JKL MNO
ADG BEJ CFM HKN ILO
AEN BDO CHL FIK GJM
AIM BGL CDK EHO FJN
AHJ BKM CEI DLN FGO
AFL BIN CJO DHM EGK
AKO BFH CGN DIJ ELM""",
    ),
    (3, 18): (
        "published social golfer schedule",
        """ABC DEF GHI afh bdi ceg
Abc Def Ghi aFH BdI CEg
abC deF ghI AfH BDi cEG
aBc dEf gHi AFh bDI CeG
ADG BEH CFI aei bfg cdh
Adg Beh Cfi aEI bFG cDH
adG beH cfI AEi BFg CDh
aDg bEh cFi AeI BfG CdH
aA bB cC dD eE fF gG hH iI""",
    ),
    (3, 21): (
        "Kirkman triple system of order 21",
        """ABF EGM DKR INP CJT HOU LQS
DEJ HIK BNO AQR CLU FMS GPT
AHL JKO EIQ CNR BGS DMT FPU
BCD FHN ELP GOQ AKT IMU JRS
EFK GIL CMO BPR AJU DNS HQT
BIJ KLM FGR AOP CHS ENT DQU
ACE DIO FJQ HMR BLT GNU KPS
DFL GHJ AMN CPQ BKU EOS IRT
CGK JLN DHP BMQ AIS FOT ERU
STU ADG BEH CFI JMP KNQ LOR""",
    ),
    (3, 27): (
        "Kirkman triple system of order 27",
        """+YZ ABC DEF GHI JKL MNO PQR STU VWX
MRT +DW LSZ ANU BFV EOY GJP CIX HKQ
JOQ IPZ KRV CSW BLY +AT DGM FUX EHN
BSX KUY +EJ ARZ CGT DHL FIO NQW MPV
AFH JNR CQY +KP GXZ BIM DSV LOU ETW
GLN HOS PTX IWY +QV FMZ CRU BEK ADJ
PUW +BG OVZ DQX AEI HRY KNT JMS CFL
CEV NXY +HM DUZ FJW GKO APS ILR BQT
DIK MQU FTY +NS CJZ ELP BHW AGV ORX
EMX IJT BDR ALQ HUV FNP +CO KWZ GSY
FGQ AOW INV ERS CKM BJU +LX HTZ DPY
LTV FKS BOP HJX GRW CDN EQZ AMY +IU
CHP LMW EGU DOT AKX IQS JVY +FR BNZ""",
    ),
    (3, 33): (
        "Kirkman triple system of order 33",
        """0GW 1AF 2MN 359 4CT 67I 8RU BEO DKS HQV JLP
1HW 2BG 3NO 46A 5DU 78J 9SV CFP ELT 0IR KMQ
2IW 3CH 4OP 57B 6EV 89K 0AT DGQ FMU 1JS LNR
3JW 4DI 5PQ 68C 07F 9AL 1BU EHR GNV 2KT MOS
4KW 5EJ 6QR 79D 18G ABM 2CV FIS 0HO 3LU NPT
5LW 6FK 7RS 8AE 29H BCN 03D GJT 1IP 4MV OQU
6MW 7GL 8ST 9BF 3AI CDO 14E HKU 2JQ 05N PRV
7NW 8HM 9TU ACG 4BJ DEP 25F ILV 3KR 16O 0QS
8OW 9IN AUV BDH 5CK EFQ 36G 0JM 4LS 27P 1RT
9PW AJO 0BV CEI 6DL FGR 47H 1KN 5MT 38Q 2SU
AQW BKP 01C DFJ 7EM GHS 58I 2LO 6NU 49R 3TV
BRW CLQ 12D EGK 8FN HIT 69J 3MP 7OV 5AS 04U
CSW DMR 23E FHL 9GO IJU 7AK 4NQ 08P 6BT 15V
DTW ENS 34F GIM AHP JKV 8BL 5OR 19Q 7CU 026
EUW FOT 45G HJN BIQ 0KL 9CM 6PS 2AR 8DV 137
FVW GPU 56H IKO CJR 1LM ADN 7QT 3BS 09E 248""",
    ),
    (3, 39): (
        "Kirkman triple system of order 39",
        """17B 469 5GH FKb 3NY CMZ AQV 2ST 8La DRU EPW IOX 0Jc
28C 57A 6HI GJL 4OZ DNa BRW 3TU 9Mb ESV FQX 0PY 1Kc
39D 68B 07I HKM 5Pa EOb CSX 4UV AJN FTW GRY 1QZ 2Lc
4AE 79C 018 ILN 6Qb FJP DTY 5VW BKO GUX HSZ 2Ra 3Mc
5BF 8AD 129 0MO 7JR GKQ EUZ 6WX CLP HVY ITa 3Sb 4Nc
6CG 9BE 23A 1NP 8KS HLR FVa 7XY DMQ IWZ 0Ub 4JT 5Oc
7DH ACF 34B 2OQ 9LT IMS GWb 8YZ ENR 0Xa 1JV 5KU 6Pc
8EI BDG 45C 3PR AMU 0NT HJX 9Za FOS 1Yb 2KW 6LV 7Qc
09F CEH 56D 4QS BNV 1OU IKY Aab GPT 2JZ 3LX 7MW 8Rc
1AG DFI 67E 5RT COW 2PV 0LZ BJb HQU 3Ka 4MY 8NX 9Sc
2BH 0EG 78F 6SU DPX 3QW 1Ma CJK IRV 4Lb 5NZ 9OY ATc
3CI 1FH 89G 7TV EQY 4RX 2Nb DKL 0SW 5JM 6Oa APZ BUc
04D 2GI 9AH 8UW FRZ 5SY 3JO ELM 1TX 6KN 7Pb BQa CVc
15E 03H ABI 9VX GSa 6TZ 4KP FMN 2UY 7LO 8JQ CRb DWc
26F 14I 0BC AWY HTb 7Ua 5LQ GNO 3VZ 8MP 9KR DJS EXc
37G 025 1CD BXZ IJU 8Vb 6MR HOP 4Wa 9NQ ALS EKT FYc
48H 136 2DE CYa 0KV 9JW 7NS IPQ 5Xb AOR BMT FLU GZc
59I 247 3EF DZb 1LW AKX 8OT 0QR 6JY BPS CNU GMV Hac
06A 358 4FG EJa 2MX BLY 9PU 1RS 7KZ CQT DOV HNW Ibc""",
    ),
    (4, 20): (
        "published schedule for 20 at tables of 4",
        """EG10 B598 AC27 JHFD I364
B7HG FC06 1I8A D9E3 542J
3B02 HEA4 IF97 68JG D51C
A90J D4FG 2BI1 E765 C83H
371J BDA6 9CG4 50IH EF28
1H69 CBEJ F5A3 7804 ID2G
GA35 IEJC 87D0 269H 1F4B""",
    ),
    (4, 28): (
        "resolvable design of 28 at tables of 4",
        """ABCD EFGH IJKL abMN cdef ghij klmn
AEgk BcFM dhlN eGIm aHiJ bCKn DfjL
AFjn aBeE bfim cHKl GhLM CIkN dDgJ
AciI BJnN EjKM dFLm begl aCfG DhHk
AbdG BgHm EiLN achn fFkK CejJ DIlM
AehK bBkL aFgI EfJl cjmN CdHM DGin
AfHN BGjl bFhJ eikM dEIn cCgL aDKm
aAlL BdiK cGJk fgMn bHIj CEhm DeFN
AJmM BfhI CFil bcDE gGKN eHLn adjk""",
    ),
    (4, 32): (
        "published social golfer schedule",
        """ABCD EFGH IJKL MNOP abcd efgh ijkl mnop
AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO
Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn
AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN
AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn
AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP
AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp
AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm
AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp
AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo
aAbB cCdD eEfF gGhH iIjJ kKlL mMnN oOpP""",
    ),
    (4, 40): (
        "resolvable design of 40 at tables of 4",
        """1CIL 49JK 3AFO EPVY HMWX GNSb 58Rc 67UZ 2BTa 0DQd
02JM 5AKL 4BGP DFWZ INXY HOTc 69QS 78Va 3CUb 1ERd
13KN 6BLM 5CDH EGXa JOYZ IPQU 7ART 89Wb 04Vc 2FSd
24LO 7CMN 06EI FHYb KPZa DJRV 8BSU 9AXc 15QW 3GTd
35MP 08NO 17FJ GIZc DLab EKSW 9CTV ABQY 26RX 4HUd
46DN 19OP 28GK HJQa EMbc FLTX 0AUW BCRZ 37SY 5IVd
57EO 2ADP 39HL IKRb FNQc GMUY 1BVX 0CSa 48TZ 6JWd
68FP 3BDE 4AIM JLSc GOQR HNVZ 2CWY 01Tb 59Ua 7KXd
79DG 4CEF 5BJN KMQT HPRS IOWa 03XZ 12Uc 6AVb 8LYd
8AEH 05FG 6CKO LNRU DIST JPXb 14Ya 23QV 7BWc 9MZd
9BFI 16GH 07LP MOSV EJTU DKYc 25Zb 34RW 8CQX ANad
ACGJ 27HI 18DM NPTW FKUV ELQZ 36ac 45SX 09RY BObd
0BHK 38IJ 29EN DOUX GLVW FMRa 47Qb 56TY 1ASZ CPcd""",
    ),
}


def parse(text: str) -> Rounds:
    """Rounds from the one-character-an-entrant notation, entrants numbered as they appear."""
    index: dict[str, int] = {}
    rounds = []
    for line in text.splitlines():
        tables = []
        for word in line.split():
            tables.append(tuple(index.setdefault(c, len(index)) for c in word))
        rounds.append(tuple(tables))
    return tuple(rounds)


def affine_plane(q: int) -> Rounds:
    """AG(2, q) for q = 2, 3, 4: rounds are the classes of parallel lines."""
    if q == 4:
        # GF(4) = {0, 1, a, a+1} as 0..3 with a*a = a + 1; addition is XOR.
        mul_table = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]

        def add(x: int, y: int) -> int:
            return x ^ y

        def mul(x: int, y: int) -> int:
            return mul_table[x][y]
    else:

        def add(x: int, y: int) -> int:
            return (x + y) % q

        def mul(x: int, y: int) -> int:
            return (x * y) % q

    rounds = [tuple(tuple(x * q + y for y in range(q)) for x in range(q))]  # x = c
    for slope in range(q):
        lines = []
        for c in range(q):
            lines.append(tuple(sorted(x * q + add(mul(slope, x), c) for x in range(q))))
        rounds.append(tuple(lines))
    return tuple(rounds)


def without(rounds: Rounds, entrant: int) -> Rounds:
    """The schedule with `entrant` left out and the others renumbered."""

    def renumber(p: int) -> int:
        return p - 1 if p > entrant else p

    return tuple(tuple(tuple(renumber(p) for p in t if p != entrant) for t in r) for r in rounds)


def legal(rounds: Rounds, n: int, sides: int) -> bool:
    sizes, _ = table_sizes(n, sides)
    for round_ in rounds:
        if sorted((len(t) for t in round_), reverse=True) != list(sizes):
            return False
        if sorted(p for t in round_ for p in t) != list(range(n)):
            return False
    return True


def score(rounds: Rounds, n: int) -> tuple[int, int, int]:
    counts = meeting_counts(n, rounds)
    never, repeats = cost_of(counts)
    most = max((counts[a][b] for a, b in itertools.combinations(range(n), 2)), default=0)
    return (len(rounds) if never == 0 else 10**6, repeats, most)


def candidates(n: int, sides: int) -> list[tuple[str, Rounds]]:
    """Published and constructed schedules for `n` at `sides` (before the search)."""
    found: list[tuple[str, Rounds]] = []
    known: dict[int, tuple[str, Rounds]] = {
        m: (source, parse(text)) for (k, m), (source, text) in PUBLISHED.items() if k == sides
    }
    for q in (3, 4):
        if q == sides:
            known[q * q] = (f"affine plane of order {q}", affine_plane(q))
    if n in known:
        found.append(known[n])
    if n + 1 in known:
        source, rounds = known[n + 1]
        found.append((f"{source}, one place left out", without(rounds, n)))
    return found


def best_for(n: int, sides: int, budget: int, seeds: int) -> tuple[str, Rounds]:
    sizes, _ = table_sizes(n, sides)
    options = [(s, r) for s, r in candidates(n, sides) if legal(r, n, sides)]

    def unbeatable(rounds: Rounds) -> bool:
        """As few rounds as counting allows, the repeats spread as evenly as can be."""
        least = lower_bound(n, sizes)
        return score(rounds, n)[:2] == (least, repeat_floor(n, sizes, least))

    for seed in range(seeds):
        if any(unbeatable(r) for _, r in options):
            break
        found = search(n, sizes, seed=seed, budget=budget)
        options.append(("precomputed by search", found.rounds))
    return min(options, key=lambda option: score(option[1], n))


def build(
    top: int, budget: int, seeds: int, only: set[tuple[int, int]] | None = None
) -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = {}
    for sides in (3, 4):
        for n in range(3, top + 1):
            if only is not None and (n, sides) not in only:
                continue
            started = time.perf_counter()
            source, rounds = best_for(n, sides, budget, seeds)
            assert legal(rounds, n, sides), (n, sides)
            rounds_, repeats, most = score(rounds, n)
            least = lower_bound(n, table_sizes(n, sides)[0])
            data[f"{n}@{sides}"] = {
                "source": source,
                "rounds": [[list(t) for t in r] for r in rounds],
            }
            print(
                f"{n:>3} at {sides}s: {rounds_} rounds (at least {least}), "
                f"repeat cost {repeats}, most {most}: {source} "
                f"({time.perf_counter() - started:.1f} s)",
                file=sys.stderr,
                flush=True,
            )
    return data


def dump(data: dict[str, dict[str, object]]) -> str:
    """One schedule a line, so a regenerated file diffs by schedule."""
    lines = [
        f"  {json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}"
        for key, value in data.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--max", type=int, default=40, help="largest field (default 40)")
    parser.add_argument("--budget", type=int, default=2_000_000, help="search moves per seed")
    parser.add_argument("--seeds", type=int, default=2, help="search seeds per field")
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    parser.add_argument(
        "--only",
        help="improve just these fields, like '21@4,22@4', keeping the shipped schedule "
        "for each unless the new one is better",
    )
    args = parser.parse_args()
    if args.only:
        keys = [item.split("@") for item in args.only.split(",")]
        only = {(int(n), int(sides)) for n, sides in keys}
        data = json.loads(OUT.read_text(encoding="utf-8"))
        for key, value in build(args.max, args.budget, args.seeds, only).items():
            n = int(key.split("@")[0])
            old = tuple(tuple(tuple(t) for t in r) for r in data[key]["rounds"])
            new = tuple(tuple(tuple(t) for t in r) for r in value["rounds"])  # type: ignore[attr-defined]
            if score(new, n) < score(old, n):
                data[key] = value
        OUT.write_text(dump(data), encoding="utf-8")
        print(f"updated {OUT}")
        return
    text = dump(build(args.max, args.budget, args.seeds))
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print(
            "the shipped schedules are what this makes" if same else "the shipped schedules differ"
        )
        sys.exit(0 if same else 1)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
