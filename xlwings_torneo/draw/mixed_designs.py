"""Repeat-free schedules for the Open's tables of 4 and 5 (`plan_tables(n, FOUR_FIVE)`; also
its tables all of 4 for counts `designs.py` has no schedule for), in which the seats at
tables of 5 are also spread as the FIVE criterion requires round by round, so that the draw
can follow them without breaking FIVE (`engine.draw_round` drops a planned round that is
worse than FIVE's bound). For 17-23, 26, 27 and 31 players FIVE leaves no second
repeat-free round at all (`five_blocks_second_round`).

Found by our own search, `bench/find_mixed_schedules.py` (seed and budget beside each
schedule). What is known: ⌊(n-1)/3⌋ rounds is only a counting bound here (a player meets at
least 3 new opponents a round); Miller, Valkov & Abel, Symmetry 18(2):269, 2026
(doi:10.3390/sym18020269) study schedules with groups of adjacent sizes such as 4 and 5,
but their tables were not available to us: the maxima for these shapes are unknown here,
and the lengths below are what our search found.

Stored as text: one string a round, tables separated by spaces, the player with label i
written as ALPHABET[i]; round 0 seats 0 … n-1 table by table. The order of the rounds
matters (FIVE fairness is checked in this order). `tests/unit/test_draw_mixed_designs.py`
checks each schedule: the Open's table sizes, everyone every round, each pair at most once,
FIVE fair round by round.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..formats import SizeScheme
from .designs import Schedule
from .sizes import plan_tables

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Player labels: the character at index i is player i (up to 62 players)."""

MIXED: dict[int, tuple[str, ...]] = {
    20: (  # 5×4: 5 rounds of at most 6; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ",
        "25AF 16BH 34DJ 09CI 78EG",
        "5BDI 04AE 36FG 28CH 179J",
        "18FI 359E 24BG 6ACJ 07DH",
        "49FH 37BC 058J 26EI 1ADG",
    ),
    25: (  # 5×4 + 1×5: 5 rounds of at most 8; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMNO",
        "5FHL 17CK 248M 09GN BEIO 36ADJ",
        "38CL 05DM 2EJK 6BHN 7AGO 149FI",
        "18JN 9DHO 4AEL 37FM 06IK 25BCG",
        "26FO 5AIN 9CJM 34BK 1DGL 078EH",
    ),
    29: (  # 6×4 + 1×5: 6 rounds of at most 9; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQRS",
        "5DNR 8HKQ 37CP BEJO 26GM 0AFS 149IL",
        "34FH 1AJR 7DIO 59MQ 2EKP 68LS 0BCGN",
        "7BFR 2ALQ 9EGS 15CH 0IMP 48NO 36DJK",
        "05JL 16FO 4BKS 29CR 3INQ 8DGP 7AEHM",
        "7JNS 04EQ 1BDM 69HP ACKO 3GLR 258FI",
    ),
    30: (  # 5×4 + 2×5: 6 rounds of at most 9; seed 1, 30000 iterations
        "0123 4567 89AB CDEF GHIJ KLMNO PQRST",
        "16KT 37MP CHLS 8GOR ADNQ 259FJ 04BEI",
        "49OS BJKP 5IMQ 2ENT 0FLR 17ACG 368DH",
        "AFMS 15OP 3EGL 4DJT 28IK 7BHNR 069CQ",
        "0AHT 34CR 6FNP 2BOQ 79IL 18EJM 5DGKS",
        "58CN EHKQ 19DR 6BGM 07JS 3FIOT 24ALP",
    ),
    33: (  # 7×4 + 1×5: 7 rounds of at most 10; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUVW",
        "19KS 37AI 48PW 5EQT CGLU 0DMO 6FHV 2BJNR",
        "0JQS BEPV 7DNW FIKU 16MR 9CHT 24AL 358GO",
        "5AJV 27CS 3ERU 0HKW GNPT 6BLO 18DI 49FMQ",
        "04BU 36NS AFGR 8KQV 59DP CJMW 2IOT 17EHL",
        "2EGK ANQU 39LV 5BMS 4DHR 1FOW 78JT 06CIP",
        "079G 4EJO 1CNV FLPS 5IRW 3BHQ 28MU 6ADKT",
    ),
    34: (  # 6×4 + 2×5: 6 rounds of at most 11; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQRS TUVWX",
        "CKOW 8IRV 4BJS 1FPT 37DX GLQU 05AHN 269EM",
        "9NRT 2AGW 6CQX 5MOV 07SU BEHP 38FJK 14DIL",
        "8EQW 4FMX 16NS AIKP 35RU 2DHV 09JLO 7BCGT",
        "9DKQ 15JW 8HMT ALRX 27IO 06BF 3EGSV 4CNPU",
        "9CIS 0DGM 34OT 1AEU 68LP JNQV 7FHRW 25BKX",
    ),
    35: (  # 5×4 + 3×5: 6 rounds of at most 11; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMNO PQRST UVWXY",
        "JNSV CKQU 0MTW 6OPY 8LRX 249DG 35AEH 17BFI",
        "BHNY 3IMU 7ESW AGQV 1DLP 059KR 48COT 26FJX",
        "4FRY 25BQ 9ENX 7JOU 6DKT 0AILS 1CHMV 38GPW",
        "15OX 3FKV 28HS 4AMP CIRW 9JLTY 07DNQ 6BEGU",
        "369C 2ITV 4BLW ANRU 0FGO 5DMSY 18EJQ 7HKPX",
    ),
    37: (  # 8×4 + 1×5: 8 rounds of at most 12; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZa",
        "16RS 3ACO 58VY 4EPa 79MW FHKT 0ILZ BGNX 2DJQU",
        "68MO 1HNW 04CU BRVa 3JKP 25TX EGQZ 9DLY 7AFIS",
        "BJLW 35Ga DOSZ 249F 7CRX 1MQV AHPY 8IKU 06ENT",
        "HLUX 0BQY 6FJa 8CTW 2MPS 5EIR 4ANZ 37DV 19GKO",
        "2BKZ 0HSa 6DIW AEMU 1CJY 59NQ 7GPT FOVX 348LR",
        "7ELO NRUY 4JSX 18PZ 3FQW 0ADK 9ITa 26GV 5BCHM",
        "369X 2ALa EKSY 78HQ 05OW JRTZ 1BFU 4DGM CINPV",
    ),
    38: (  # 7×4 + 2×5: 8 rounds of at most 12; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUVW XYZab",
        "3HOb 1BNV 6AFZ 0MWa 5GPU CQSX 9ETY 27JKR 48DIL",
        "AIVa 5KSb 2LOW 14GX MRUY 37DT 8CJZ 6BEHQ 09FNP",
        "7ENS FIKU 6JPX 9LRV 2BDa 4QWb 08HY 3ACGM 15OTZ",
        "7FGa IOSY 168M 0ELU 2QVZ 34KP BRTX 59CHW ADJNb",
        "4CNR 38EV 2AHS 9JUa 6ITb 5FMX DPWZ 17LQY 0BGKO",
        "4HUZ GNWY 8FQT 7AOX 0CVb 19DK 5BJL 2EIMP 36RSa",
        "GLSZ 05DR 39IQ 7BMb HPTa 6CKY 1AEW 28NUX 4FJOV",
    ),
    39: (  # 6×4 + 3×5: 7 rounds of at most 12; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQRS TUVWX YZabc",
        "CIPW 8RXb 15SZ AOVa DQTY BMUc 24EGK 369HL 07FJN",
        "37EW 9GOc HNUb 26RV 4FQZ KPXa BJLSY 058CT 1ADIM",
        "2ISc 59NV 1FTa 78UY 04LX DJOb 6AKQW BEHPZ 3CGMR",
        "6CNS BGQX 0MWZ AELb 3JPT HKRY 279Da 5FIOU 148Vc",
        "06Pc 8HMO 4BIT 7KSV 5AGY 2FLW EJRUa 19CQb 3DNXZ",
        "2JMQ 38Sa CLUZ 5BDK 16EX 09IR 7AHTc FGPVb 4NOWY",
    ),
    41: (  # 9×4 + 1×5: 9 rounds of at most 13; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcde",
        "5SYc 7BPT 1AMO 39NV 4FQd EGKW 6JLa DIXb 0HRe 28CUZ",
        "BEQa 25Gd CPWc 09KZ HLOU 6AIV 1FYe 48DN 7MSb 3JRTX",
        "14GT 7RUY NSXa 9FWb 2ALc 6EZe 8JQV 3DMP CHKd 05BIO",
        "59CQ 3EIU FGZa 2JOe 8KPb DLTY BRSd 16Nc 07AX 4HMVW",
        "2KTa 0EVd 58LR BMUX 9DJc 4OZb 36FH 1CIS 7QWe AGNPY",
        "29IY 35Wa 7NOd FMRc 1BVZ 8EHX 4JPU ACTe 0GLb 6DKQS",
        "04Ca 8FIT 3AQb 26BW 5NUe DGRV KOXc HPSZ JMYd 179EL",
        "2ENR IQZc 1UWd 7DHa 49Se 5AJK 06MT 38GO BCYb FLPVX",
    ),
    42: (  # 8×4 + 2×5: 9 rounds of at most 13; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZa bcdef",
        "0IRb 2NUW 9SYc 3MQd 1Kaf FGVe 6ETX 78PZ 4BDHO 5ACJL",
        "0NOX BLQc 3DYb CHVf 48JT 5KWe 6AMZ RSad 279EG 1FIPU",
        "49Lb 2BJZ COTd 7Fac EHMU AIXe 1DGW 5PYf 36NRV 08KQS",
        "BCNe GLOS 39Pa 15HQ 2ARc JUXf 4EVY 68Fb DIKZd 07MTW",
        "1TZc 69IW EKOb 0Jae 8HLX 5DRU 7AVd GNQY 24CMP 3BFSf",
        "CSZb BGKU 06Pc 3ELW 4AFN 8DMa 25Xd 7IQf 19JOV HRTYe",
        "9FKR 17CY 2ILT 6DJS 3OZe 04Gf BMVX HPWd 58ENc AQUab",
        "7JNb 14Se 2DQV 8RWf 09HZ 5FMO AKPT BEIa 3CGXc 6LUYd",
    ),
    43: (  # 7×4 + 3×5: 8 rounds of at most 14; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUVW XYZab cdefg",
        "RWac IKPX ESYf 4NZg 0MUe 8CVb 5ATd 37BHL 16FJQ 29DGO",
        "2Wbg 1GSc 7QUa 6DLe FOVX BJZd 9HTY 4CMPf 058KR 3AEIN",
        "GNTa 6CHK 2IRf 5OZe 8LQS 3FUc 1BWX AJMYg 04DVd 79EPb",
        "ADbf 4GKU 35Xg 19RV EHMZ 0JLP 7WYd 68NOc FISae 2BCQT",
        "COSd 06Ig BDPa 3JTf 278M NVYe 4EQc 9FKWZ 15HUb AGLRX",
        "8DIW 2NPU JRbe 4AFH GQZf 17OT 09SX 36Mad BEKVg 5CLYc",
        "6RUY 1APZ 5BFG 3KQb 2ELd IMVc 9Cag 0HOWf 48TXe 7DJNS",
    ),
    44: (  # 11×4: 10 rounds of at most 14; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh",
        "JLWh 6NQZ 079V 25KS HOYb 8CIc DUdf 4BGa EPTg 3ARe 1FMX",
        "7Zch 04Ke 6AEJ PVYd 29FN 5IUb 3QSW BCHR 18Lf DXag GMOT",
        "DHPh 4CJQ 1Ede 39LT 5AFO BIMW KVXc 2UZg 7Raf 06Gb 8NSY",
        "5BTY 6ISh 3Fbf 27CL 0AXd 49cg DMRZ 1GKQ EHNV PUWa 8JOe",
        "DIVe 0NUh 6FLY 8EGW COdg 4SZb 1AHa 2JMP 59RX 37BK QTcf",
        "7HSd ILRg 24OW AMVf 169D KTah 3CGY 05EZ 8FQU JNXb BPce",
        "4LUX 2Tbe FJZd 7AGN 1RYh 68HM 9CPS EIKf 3OVa 5DWc 0BQg",
        "34Eh KRWb 2HXf 5CNa 9IQd 08DT 7MYe ALPZ 1JVg 6BOU FGSc",
        "AUYc 2Gdh 5HLe 1INT BDJS 36PX 9KOZ 4FRV 0CWf EMQa 78bg",
    ),
    45: (  # 10×4 + 1×5: 10 rounds of at most 14; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efghi",
        "HRTh 0ASg 29OW 5JYa DPUc 78VZ 6CLe 4Qdi 3FKb BIMf 1EGNX",
        "1FPf 58CI 9KSi 2HZc BYdg 6AMR 3UXa DJNb 7GQh EOTe 04LVW",
        "1Vce BKUh AEQY 4HOf 0CNT 68PX DZai 9ILg GSWb 37JM 25FRd",
        "3ANV 09Ud 7Rcg 5HXb FLYi GPTZ EWaf 18Sh 2CMQ 4BJe 6DIKO",
        "IWde 26SY 7BEb HMVi 8DLQ FGOc 0RXf 349T 5NPh 1Kag ACJUZ",
        "4CSa 9Jch 7AOX 3DGe NUWg 0FQZ 5KVf 2BLP EIRi 16Hd 8MTYb",
        "5OZg EVdh 9DMX 6GUf 14Rb 28Ji ALTa CHKW 7FIN 0PYe 3BQSc",
        "06bi 1BCO GRVY KQTX 24Eg 8Ncf 3IZh 5ADW FMUe JLSd 79HPa",
        "27DT CXci 6BFW 38EH JPVg NRSe 159Q 4IUY LZbf AGKd 0MOah",
    ),
    46: (  # 9×4 + 2×5: 10 rounds of at most 15; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcde fghij",
        "7IRb JNOe EPcg 5BFS 8KUY 34Dj 2QVi 0Hdf LZah 1AMTW 69CGX",
        "CNSi 6FWd 9HRc 38MO 2TZf 14eg QXbj AGYh BDKa 05EIV 7JLPU",
        "AKdi FGTc CIWe 6MPS 7EHj 1Jbh 0QUg 39Va 5LXf 8DNRZ 24BOY",
        "ACRf BIdh 5PTi 1DLc 09Ze EMUa NVYg 26Jj 48Gb 37QSW FHKOX",
        "LRej 0DGO 18Vd PWaf FYbi 27MX 6INT BCHU 35ch 4AEQZ 9JKSg",
        "GLVW 2ERh 79Yd 4CJa DSbf 1NUX 5OZg 36AH KQTe 8FIPj 0BMci",
        "5ADJ 8HWg 7KVc 49Ii BNQf 0PXh 2FUe GMZj EOSd 16RYa 3CLTb",
        "JRWi CMQY 3BPZ 4Ucf 19Oj 078T AFLg ISXa 6EKb DHVeh 25GNd",
        "BRTX DMdg 68Qh FJVZ 2CKP 4HLS 17Gi AIOc 0Naj 59UWb 3EYef",
    ),
    47: (  # 8×4 + 3×5: 9 rounds of at most 15; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZa bcdef ghijk",
        "FWej JLXi 4Oad 08Vh 9QUk 3NYf HTZc EPbg 16BDI 27CMR 5AGKS",
        "7DYd CHSe 1MWb 69Zj KRci AIfh 25Xk BGag 8JNPU 04EQT 3FLOV",
        "DPTX BUZd OYeh 05Wi FJKQ 6CNk 37Gb 8EMS 2ILaj 4AVcg 19HRf",
        "7Paf BEHL 15dg 3IRW AFZk 24Uh NQSc JVbj 9CKTY 06MOX 8DGei",
        "9Nai 4Dfj 6LRT 18CO IMYc AEXe 0KZg 2GQV 7BJWh 3PSdk 5FHUb",
        "4Sbi 7Teg KOUW 9FIX 0APY CGLf 268d DHMh 35BQj 1Jack ENRVZ",
        "0INd 3ACa 1GPj 5MVe 2BFc 7HKk JOTf 48RX LQZbh 6EUYi 9DSWg",
        "0Bbk 8QYg 39EJ CUXj RSah 6VWf 5DLc 17Zi 4IKPe 2AHNO FGMTd",
    ),
    48: (  # 12×4: 11 rounds of at most 15; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijkl",
        "JLXg 36Df FOTd CQVk 7KPS 8Zei 5BIa AHRb 4ENU 2GYl 09Wh 1Mcj",
        "4AOl 7FHh 3BGU 9IQf EVXb 0Lck DZaj 6CRS 8Kdg MTYi 1JNP 25We",
        "GWdj 15Rg 2EJc AILU NOVf 48HX 69PZ BFKi 0Cbe MShk 7DTl 3QYa",
        "5Pci FJUb EIMO 1Ydf 79NX 38Vh 0Aag 6Bek 24DS GLRZ KQWl CHTj",
        "39Tk 2RXd 06KV JQhj 1IZb 58DO CNgi 4FGc PUfl HMWa 7AYe BELS",
        "6Edl DKYk 5QSX 0GOi 8NRc 7MUZ 9JVe 4CIP 2BHf 3AFj 1Lah TWbg",
        "DUWi 8GMf HPde 7LOj 2Kbh 1BVl 5EZk 0IRY 9FSg 6ANQ 4JTa 3CXc",
        "ACWf DGQg 27Vi 6OYb EKRa BTch 35Jl 8FLP 1UXk 0HNZ 49Md ISej",
        "OUce ADMX GNSb JRfi 5Cdh 2Pak FIVW 168T 34KZ 07BQ 9HLl EYgj",
        "BMPg 08Sl 1AEG 2QTZ 7RWk 3Ldi CJKO 6IXh DHVc FNae 4bfj 59UY",
    ),
    49: (  # 11×4 + 1×5: 11 rounds of at most 16; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijklm",
        "AKTb 8NVW 05el 79Jj 6CPm 1Mhk DIXc FRaf 2BYi ELQS GUZd 34HOg",
        "ENRY 6Obi 7Agl 9LVc BHPS 3Wak KXdj 048m FJUh 2CTZ 1DGe 5IMQf",
        "4DKW 0BMU GLam 27Ec 3Pfi 5JVg 16Nj AISh COdl QXbk 9HRZ 8FTYe",
        "3DMb BJcl 2Qae 0Wdi 49Tk RSgj GNOf 5ACH 6FIK VYhm 8EUX 17LPZ",
        "4BRh EJMm 0GTj CUYb 3FLl IZgk 59OX KPce 68HQ 7Vai 1AWf 2DNSd",
        "HKVl 29Im 4AGP 1BXa 58Di JNQT MYdg 07Fb 3EZh OSek CLfj 6RUWc",
        "AMRV 26Gl 0Qcg ETdf DPYk HNXe 35Uj 7SWm 18Jb 4ILi BFOZ 9CKah",
        "1Qdm 3JRe 4Fcj 7DHh 5KSZ CXgi 2AUk 0INP 69Yf LOTW 8Mal BEGVb",
        "5FNm 8Kfk 1IRT 7CMe 4SYl Gchi 9EPg QVZj 2HWb DOUa 36Bd 0AJLX",
        "0DZf 4Vde 378I Pbhl CNck JKOY 25LR AEaj BTgm 1HUi 6MSX 9FGQW",
    ),
    50: (  # 10×4 + 2×5: 11 rounds of at most 16; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efghi jklmn",
        "25Fh PWaj ASZm 4Mbi 3BCg ELQV 6GKl 0JUY Rdfk IOen 179Tc 8DHNX",
        "9KPm 6BFj 0ADi 158O EJdh HQUe Tbgk LXcl 2NRn 7GWf CIMSY 34VZa",
        "HVhk BZci 7QXa 4GSn 69Ng 8UWl 1PYe 2DMm 3Idj ACTf 05EKR FJLOb",
        "CLej MOZg 1IKk RYhl 3Dcn 59Ja EHTi 7NSb 04FX 8Vfm 2BGPU 6AQWd",
        "9FSW 4Kde DRag 1EMj BQTm 5Hfl 8GYb 3NUi IPVc 7COh 2AJXk 06LZn",
        "DKQj 3APh 78Jn 0GMT 5Wik VXdg 24LY 6OUm FNcf 9IZl BESae 1CHRb",
        "JZfj BVbn 2QSg 8FIi 7AHL 1DGh 9MUX 6Rce 4EPk 0Cal 3KOTW 5NYdm",
        "GNQk 16Ji BKXh AOVY 5TZe EWbm 28Cd HMan 0Scj 39LR 7FPgl 4DIUf",
        "BIRW 4JNT 27EZ 1Lgm 5CUn FKYa DOSk Abel 36Xf 0HPd 9GVij 8MQch",
        "0INh 5Agj LPSi GRXm CJVW 2HOc KUZb 14Ql 7BDd 68Ta 9EYfn 3FMek",
    ),
    51: (  # 9×4 + 3×5: 10 rounds of at most 16; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcde fghij klmno",
        "BIPe FLdj 36Da Kchk ENil Xbgm MOYn AJUo 18Gf 27HQT 05CSW 49RVZ",
        "CLQV 79Dl TZem 8Rjk 4Wah 0HNf 2bio OScg 5Pdn 3AEIX 1BFJM 6GKUY",
        "3UWk Zbhl 4CGM 2Idg 09To AHen 7FXc 6Qim 1Vaj 5EJKO BLRYf 8DNPS",
        "CPTX 6EHS 8LZi 5Rao 2BWj 07Ok JNYc FKgl 34ef DIMVm 19Ubn AGQdh",
        "9EMh ATYj 5DHU GVci 7BKd INRb JWfl 14Om FQSn 3LPgo 068Xe 2CZak",
        "9Jag EPUm AMbf 0DRd 16ho 2VXn 5Lek 38KQ BGSZ 7CIYi 4Hcjl FNOTW",
        "2Ucf HPYb 0Gal IKZj 1RSX 7Meo JLhm 6ACO 359F 4NQgk BDTin 8EVWd",
        "7Egn 4JTd 6Bbk IQUl CNej 0FPV DGWo 3MRi 28Yh 9HLOX KSafm 15AZc",
        "9Ccm SYdk 0AKi 1HWg 48In OVfo 5BNX DJQZ ELTa 26MPl FRUeh 37Gbj",
    ),
    53: (  # 12×4 + 1×5: 12 rounds of at most 17; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijkl mnopq",
        "1CLU 07Gm Nahp JRVe 6AQg 9IWj 5HOZ 24cl Ddko 3BEq 8PXf MSYn FKTbi",
        "ESXp 18Qi 6MRa 5DKm 2Wgn BLVY FIZo GUhk 4Obj 3AHc 7NTf 0Jlq 9CPde",
        "0HQp 5IRf DMWb 3Uin Gejq 27BP FLdl 19Vk EYao 4JKX COcg AThm 68NSZ",
        "CQTl 3INg 8HRq 6UWm bekp Scio 1Mdj BGKO 5FPa 9LZn 7AJY 2DXh 04EVf",
        "FNWq BXbo CRYi APVn 5EUd HKSg 269G TZce MOlp 08Lj 14Ih Jfkm 37DQa",
        "7LWo 34Mk JTjp 8Gan 9QUf ACZb BDHi 6Vhq NPYc EIKe 0OSd 2FRm 15Xgl",
        "7CSq QVXc 4ANd DLRp 1JZa 6IPb 3OWf BTgk 8Elm 5GMi 0Fen 9Kho 2HUYj",
        "BWel 3RZh GVdp 1Nbn 7Ecj 9DYg 25QS 8FJU HXam 0MTo 6CKf 4Piq AILOk",
        "GLPT IUaq 0AXi 5CWp 7Hdn 8Vbg 4FQY 9ENR 2KZk DSfj 1Oem 36lo BJMch",
        "Jdgi 3KPp ASae 8OYh 059b BQZj 7FXk IMVm 4CHo 6ETn 2Lfq DNUl 1GRWc",
        "GZfl 28CM AKRj 0PWk 7Ugp OVai 16BF 49Sm JNQo 35Ye DIcn TXdq EHLbh",
    ),
    54: (  # 11×4 + 2×5: 12 rounds of at most 17; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijklm nopqr",
        "BIQc AVin 2Sbm 0Zdf 5NOk 1Daj 8Mer 4GXl FLTp 9Kho CHRq 37PUW 6EJYg",
        "DLln 3QVj Pago 1JXd 26Ck 0EKi FYcq 4BNf IRUe 8HWp 7Gmr 5AMSh 9OTZb",
        "6LSo 78El 5BZp Wemn CYbh 09Rj AOdg DMQi FGNU 34Jr PTkq 1HVcf 2IKXa",
        "8SYk 6Mjq 9FXf Jchl 15Uo ATWa 7HKg 3EZm 0IOn Pbir 2NVp 4CLQe BDGRd",
        "4AKj EOXp 9Cgr DVhq 7ISZ 2GTe 6Rci 3dlo Uafk HMYn 1BLP 5FQWb 08JNm",
        "1AEq FHZi 4RWo 3Gbp LVYd 07hk COcm JQan 29Ml 58fj BUXg 6INTr DKPSe",
        "25HP 04gp TYio ADIk CNdj FOSl GZah 16Qm KWfr Jbeq 7BMV 38LRX 9EUcn",
        "3Cfi 6GPn 7Nce AHXm 5ELa 9Wdq KQTl 8DOo JRSp 0UYr 4IVb 1MZgk 2BFhj",
        "0PXc NRZn 5Tdm Lbgj 3Fek EIMo 24DU BCJW 19GS 68KV HQhr 7Oaiq AYflp",
        "FKRm DZcr 6Ubl 3BSa JMOf 27AL 1NWi TXhn IPjp 59Ye 8Qgq 4EHdk 0CGVo",
        "AJUZ BKkn 18CT 4FMP ENQS GOYj 5RVr dhip 7Xbo 2Wcg 369D 0Hael ILfmq",
    ),
    55: (  # 10×4 + 3×5: 11 rounds of at most 18; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efghi jklmn opqrs",
        "2Vch BPYm 79Rn EWgq 4afp Ddes QSir HTZk Mblo 0GKj 3AFJN 168IU 5CLOX",
        "4INm 8Pjp 7Xhl BLko 6SZq Gbgs 3UWi 5Fnr 1AOe CJKf 0DHQc 29TYa EMRVd",
        "Ldhr 26AE 19Fi 3DRj 0Oas HUYq CMmp JVXo 8Qfk ITen 5Ncgl 4GPSW 7BKZb",
        "05Bd 1KYh Tcfq LQel GNRk FIaj AXgp PVbi 6JWm 27CH 38ESo 9DMOr 4UZns",
        "7DIP 9Ljs 3MZh 5EUk KVlr 24Og 6Nbf JSYp 0Aio 8Ccn BHRae 1GXmq FQTWd",
        "4Qbq 1RTl DZgo NSan EJPe 58Ws HOdm 0FMX 3Bcr 9GUh 2IKkp 7ALVf 6CYij",
        "RUcp ADWl IOVY MSks 1Ejr 36Xa BCQg 7Neq 49Kd LTim 28FGZ 5HPfo 0Jbhn",
        "5DVq 6Fho 1Hgn 9Wek ISdf 08NT 2Xbj JLZc BGMi 7EOp 3CPls KQUam 4ARYr",
        "6KTs 5JQj 2Ufr 4Hil 8Vag AMPq 7FYk 3dnp CGeo 0RZm 1DLSb BNOWh 9EIXc",
        "ENYs AIQZ CWar 5Shm 14co 2BDn 8KRX FLPU 39Hb GOfl 06Vep Jdikq 7MTgj",
    ),
    56: (  # 14×4: 13 rounds of at most 18; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijkl mnop qrst",
        "EGMa dlnr 78Pq 4OTs FZgi 1Xeo BCIW 269N 0Jjm 3Lkp RUcf DQVb KSYh 5AHt",
        "BZep JKPi TYko 6Dfr 19Vl Edmq 8IUX QSas 0Ggn CHOj 25FL 34Mc 7bht ANRW",
        "7BKg ATel NVpr Zdfo QWiq 16Fj 3HRs 8GLc 09DS 4Yan EOUb JMXt 2Ihk 5CPm",
        "6SZc 2KQU 49JR AMhp 1DHq 8Ngt GOei 5Bos Ffkn 3Xmr 0CLd PYbl ETWj 7IVa",
        "BHSd GRbj 9UYg JNls 1QZr 8Caf 0AVo Timt 6EIn FWce 4Lhq DMPk 35KO 27Xp",
        "05UW 8jps MRZl DITg Kenq 7FGN 6Bbm 24dt HLVi 9Oak 3QYf CJor 1Ech APSX",
        "2CSi 3Naq Wflt 4BDU ILYs 5TZb 1Rdk AQjn 9FMo 7EJe 6GKX Hcgp 8OVm 0Phr",
        "5Glp 7AUs BFOr 6CRh MVYq 3IZt Pcjo DKWd 1agm 4NSk 28He 9EQX JLTn 0bfi",
        "DJOc 08FQ 6Wgk 1INP BTXa 4Vfj 5MSe KRpt 2bns 7LZm 9CGq AEYr 3dhi HUlo",
        "1LWb HNTh Yejt 68Mi 0BEl 7OSn 4IQm 3DGo 5Xcq ACZk 9Kfs FPUp JVdg 2Rar",
        "CUnt 6Ydp 9HPZ AIKc ENio 1BMf 07RT GWms 5JQk 38Sl 2Ogq FVXh DLaj 4ber",
        "59dj FHKa 8DZh 3EPV 7MWr 14AG RXin CQgl 0cks 2BJY NUem ISbo 6LOt Tfpq",
    ),
    57: (  # 13×4 + 1×5: 13 rounds of at most 18; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijkl mnop qrstu",
        "1EQX 26in BMju Reko 3Uhs HNOZ 5KSc 9Ygr 7FJb 8DWa Glpt 0IVd 4APq CLTfm",
        "DVXo 08hk 2Ebj 5MRY 34Gm Janr 9FZs AHLW 6Seu Oflq KQTd NPgt 1CIp 7BUci",
        "78fr 9QSm INWs Agiu GVYe 6CJK 2HXl 3cpq LRaj BFdt 15Zk 4OUo EThn 0DMPb",
        "ACdh 4Yat 5BGW ELSl 1FNV 7kms 2DJO HTbr 69oq 0Qej MZcn Pfip IUXu 38KRg",
        "1RUW 5Hit DIlr Qbnu Mhmq 4FKf 8Eps 0JNY 6Odk 2Tce BLPo 379V CZgj AGSXa",
        "5aos 2BQg GMdr AUZf HRSh 6VWl 4Npu EIcm 9Kbe 3DLi FPXk 8JTq 07Ct 1OYjn",
        "Uagp GZbo 8Fei 27SY 0Wmu AIMT JLkt PVhj CRns 4DQc 1HKq 36Ef BOXr 59Ndl",
        "68bt BIRf LVZr QYhi 17Du 5AOm 2akq 3Njo 9CHc 0GTs FMSp KPUl Xdgn 4EJWe",
        "BCYq 19Gf 7Rdp DKnt Vaim OSWb 8QZl 5TXj ANer 04Hg EMUk 6Lcs 3JPu 2FIho",
        "7MWo 1Bbs 3AFn GKhu 8UYd 6DNR 9EOa Jglm 2CPr 0Xcf ISjt 4TZi 5Leq HQVkp",
        "1Pae HUjm 3TWt 48Ln IYbk KOis Aclo CGNQ DSdf 9JMX 25Vu 7Egq 0FRr 6BZhp",
        "NXiq Gcgk 6FTY 18So 5QUr 9PWn 0BKa 4bhl JVfs 7ILO 3CMe EHdu ADjp 2RZmt",
    ),
    58: (  # 12×4 + 2×5: 13 rounds of at most 19; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijkl mnopq rstuv",
        "7FJi 6HSn LVYc Ubqv BMdh 3Qpu 15Ao 4NXa 0Eft 8Tjm CGgr PWks 9KRel 2DIOZ",
        "DXlm 16BC Wdgq 49Pb 5OUe ENZi 3LTs JVpr MRfv Icnu QSkt 27Ko AHahj 08FGY",
        "24CT DJPU FKcq ESXv 1Rgn AYfp GLat Idej 0kmu BHls 8Oor 79Zh 6MQVi 35NWb",
        "4HKp 0JZq 29nv 6Elu 5LRh 3Oag 7DWt GQjo AIMU BFNr 8Vbs Yeim CPScf 1TXdk",
        "1IVf NOSl GWhu 69qs 8Cdt 3MPo 5ain HRXr Zbjp DKkv 2AFe 0QTc 4EJYg 7BLUm",
        "4Riq MTae 2GNf 9QYr BJXc 37AV CIbm 6Uot FLOW Ehkp Pdln 1HZv 8KSgu 05Djs",
        "59Ip 2Jak 7Yds KQhm 3GRZ 14Sj 8DHN PXgi MObu 6FTf 0Cov UWcl BVent AELqr",
        "EGdm 2MYj SWer 6DLg ACiu 8IQq 0BRa NUns 9OVX FPZt 5JKT 17lp Hbfko 34chv",
        "8ERc BSYo 2glt Dbhi GXps 3Ceq 5FHu Vamv 4Qdf KUjr 06AO LZkn 7INPT 19JMW",
        "3EKn 04IW HOYq AJmt 18Le 9DGS NVho BTbg 5Mkr 6Pjv 2cis 7Xfu CQZal FRUdp",
        "ADTn 4Fms 5BZf 3Ilr Paqu NRjt 9cgo 0MSp 7Qbe CUYk EHVW JLdv 268Xh 1GKOi",
        "HMcm ANQg 7COj 6Zdr 8Wfn 39Fk BIiv 1EUa TYht 0KXb JRSs 2LPp 4Deou 5GVlq",
    ),
    59: (  # 11×4 + 3×5: 12 rounds of at most 19; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijklm nopqr stuvw",
        "48Ik 0Acv JYhj 2ENR 3PSo MZmr fiqs DGau 7Tpw 5Hln 6Bbt 19OXe CLQVd FKUWg",
        "2CKY 0Idm 7LSs Oalq Qgnw 16Gv 59ot 8Fei Xkru NVWj EMUp BDPcf 34HZh AJRTb",
        "JPUu TWit Rcjo 4FVv Xdns AQer BOZp 3Lbf Cgkq 1Dhl 9Hmw 58EGK 27IMa 06NSY",
        "1NUm 249S 7Chr 6Wlp GQft EVkn Mciu 8HRq 0Pbg 5Yes 3Kdv BJLXa AFOjw DITZo",
        "3GOi FHLt RZen 9Wcr 6Qho 2BUs 4KTa Pdjp ACIX JSlw DNkv 7EYgm 15Mbq 08Vfu",
        "1Ccp ADLi EZfl Sagj 7JOV BNow 8Ynv 9Ibu 0FMh 35QT KXmq 4GRWs 2Pekt 6HUdr",
        "DXgt EWbo 4BYr 2FJm 5Aaf GLej MOks 07RU 1HPV 8Zdw 6Tqu IKchn QSipv 39CNl",
        "Uahw 5Zgv Kfko DRSd 1FQu 2Hbp 4NPX 6EIi 7Bjq 8LOr 09Ts GVYcl 3Amnt CJMWe",
        "CGUn JKrs 9MQY 8Tgl ANdu 3Ece 26Zj Obmv 1IRf LPWh Vapt 5BFSk 7HXio 04Dqw",
        "4AMl 05Jp Ybiw Cmou 17Wn BEHQ GNgr 3FRX LZck ISqt DKVe 68Pas 9Ufjv 2OTdh",
        "AHYk 4COt aeov Vhms MSfn 36DJ 8UXc FIPl 9Gdq 0BKi 25Ww 1ETjr LRgpu 7NQZb",
    ),
    60: (  # 15×4: 15 rounds of at most 19; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijkl mnop qrst uvwx",
        "04Tq 3Vev Ochs Ginu 9JQg 7DIM 1Abk BNdj 26Rp 5Xfm SZlo CUYt FPaw 8HKW ELrx",
        "8Lgw 9PYl 6HVZ EKRk Shpr 5Ajs DTdi Oaen 0CIb 7Bou 14Qt Jcmv 2GUX 3Mfx FNWq",
        "48Vr EQsu JOSf 9Xpv LTWe BHUw 2Fgj DPhk 7Znq 0AYi 6CKc 5MRa 3Nbt Glmx 1Ido",
        "GRce FHkx 3DOX 05En 24Bf IZhw 8MYj CJWi 9Lbm 1KSu QUlq 7ANr 6dgv Taps PVot",
        "KXhn 7Hds 5Cpx 9Scq afrv 8PUi 2Wko 3Tju EIet 4DJL BFVm 0GNQ 6OYb ARlw 1MZg",
        "Nhim FGOv DRVj 17Ce 5JPu 2Tcl Kdtw LQSa 4AEp UZbf 9HMn IXgq 3Ykr 0BWx 68os",
        "4FSY 8htx CHRX 2JVa 069f DKbo ENOZ AMdq Ujnr 1BTv Pgms 37GW 5Ici Qekw Llpu",
        "19jx 28bu BJYs 6QTh GMSk 5FLt 3EHi CNPn 4RUv AIam Wdfl 7Xcw 0Ogo KVpq DZer",
        "0Zck 5HYe 3ILU VWgu 6BMr NXax FJhl 29Ds RSnt 18Gp 4biw fjoq AKOT CQdm 7EPv",
        "8FZd Jjpw 39ao 7TYg EMWc 0Uhu BIKl 5Qbr CGLq knsv 6ADS 4PXe OVix 1NRf 2Hmt",
        "6aqu 0dep IRTr 3KZm AJUx HPcj 1Wsw 49Nk 58Sv Vbln 7FQf EYho DGgt 2CMO BLXi",
        "6EGj AXtu Bgkp 3PSd CVfw 8Dal 2IQY NUes 1Lcn 7Rbx 4OWm FMio 59TZ 0JKr Hhqv",
        "4cox 9dru JMTt EUag 3ACh DYfp 8emq KQiv 0FRs 7LVk BGPZ SXbj 6IWn 1HOl 25Nw",
        "Cglr LZjv EJXd 0Dmw 7ait 2Sex NVYc AHQo 8Tfn IOku 9RWh 4GKs 35Bq MPbp 16FU",
    ),
}
"""Players → the rounds of the schedule (see the module's docstring)."""


def open_sizes(n: int) -> tuple[int, ...]:
    """The Open's table sizes for n players (tables of 4, then those of 5)."""
    return plan_tables(n, SizeScheme.FOUR_FIVE).real_sizes


def decode(lines: Sequence[str], n: int) -> Schedule:
    """Stored rounds as tables of labels 0 … n-1."""
    del n  # the labels carry it; kept for symmetry with the encoder
    return tuple(tuple(tuple(ALPHABET.index(c) for c in table) for table in line.split())
                 for line in lines)


def five_fair(schedule: Schedule) -> bool:
    """True when every round seats at its tables of 5 players who, given the schedule's
    earlier rounds, have sat at no more fives than any player left out (the FIVE bound,
    `bounds.lower_bound`: the seats go to the players with the fewest earlier fives)."""
    counts: dict[int, int] = {}
    for rnd in schedule:
        chosen = {p for t in rnd if len(t) == 5 for p in t}
        others = {p for t in rnd if len(t) != 5 for p in t}
        if chosen and others and \
                max(counts.get(p, 0) for p in chosen) > min(counts.get(p, 0) for p in others):
            return False
        for p in chosen:
            counts[p] = counts.get(p, 0) + 1
    return True


def five_blocks_second_round(n: int) -> bool:
    """True when the Open's FIVE criterion leaves no second round without a repeat.

    With t tables of 4 and f of 5 (f ≤ 3), FIVE gives round 2's 5f seats at fives to the 4t
    players who had none first. If 4t ≥ 5f, the 5f players of round 1's fives all sit at
    tables of 4, and the 5 of one table need 5 different ones: t ≥ 5. If 4t < 5f, the 4t
    seats at tables of 4 go to players of round 1's fives, at most t from each of its f
    tables, so 4t ≤ f·t: impossible. Hence 17, 18, 19, 21, 22, 23, 26, 27 and 31 players
    have one repeat-free round only (FIVE comes before REPEAT in the Open's criteria)."""
    sizes = open_sizes(n)
    fours, fives = sizes.count(4), sizes.count(5)
    return fives > 0 and (4 * fours < 5 * fives or fours < 5)


@cache
def mixed_schedule(n: int) -> Schedule | None:
    """The stored schedule of n players at the Open's tables of 4 and 5, or None."""
    return decode(MIXED[n], n) if n in MIXED else None
