#!/bin/sh
# bench/c4_peers.sh: gamesearch's Connect Four solver side by side with
# Pascal Pons's (tag part12) and Christophe Steininger's, on Pons's six
# test sets and the empty board, in one run.
#
#   sh bench/c4_peers.sh [options] [GAMESEARCH_BINARY]   (default: build/gamesearch)
#
# The peers are not fetched: clone them once, anywhere outside the project,
#   git clone https://github.com/PascalPons/connect4 pons
#   git -C pons checkout part12
#   git clone https://github.com/ChristopheSteininger/c4 c4s
# and give their directories (--pons/--c4s or PONS_DIR/C4S_DIR). The script
# builds them in --build-dir (outside the project) when not built yet:
# Pons's c4solver with the flags of his Makefile (g++ -std=c++11 -O3
# -DNDEBUG); Steininger's solver from a copy of his src/solver/ whose
# settings.h is set to 1 thread and 8388617 table entries (64 MB), no book
# or table file, with the flags of his CMake release build (-O3 -flto
# -DNDEBUG), linked to bench/peers/c4s_sets.cpp, which reads positions as
# Pons's c4solver does (his own program solves the empty board only).
#
# Options:
#   --pons DIR        Pons's checkout, at tag part12 (default: $PONS_DIR)
#   --c4s DIR         Steininger's checkout (default: $C4S_DIR)
#   --build-dir DIR   where the peers are built (default: $C4_PEERS_BUILD,
#                     else ${XDG_CACHE_HOME:-$HOME/.cache}/gamesearch-c4-peers)
#   --pons-bin PROG   run PROG as Pons's c4solver, built already, instead
#   --c4s-bin PROG    run PROG as the program of bench/peers/c4s_sets.cpp,
#                     built already with the settings above, instead
#   --sets LIST       sets, comma-separated, with or without "Test_"
#                     (default: L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3)
#   --count N         positions of each set (default: all 1000, but the
#                     first 200 of Test_L1_R2 and Test_L1_R3, the sets whose
#                     positions take a tenth of a second and seconds each)
#   --rounds R        rounds over each set (default 3)
#   --weak            solve weakly (win/draw/loss) instead of exactly
#   --no-sets         no test set
#   --no-empty        not the empty board (in the threads comparison neither)
#   --empty-runs N    runs of each program on the empty board, and of each
#                     thread count in the threads comparison (default 2)
#   --empty-cap S     seconds Pons's solver gets on the empty board
#                     (default 600: it has taken 6 to 7 minutes idle;
#                     0: not run)
#   --no-threads      not the comparison of --threads 2 with --threads 1
#   --thread-count N  positions of Test_L1_R3 in that comparison (default 20)
#   --dry-run         check the options, print what would be built and run,
#                     build and run nothing
#   -h, --help        show this help
# For tests: --parse-output SET OUTPUT prints "POSITIONS WRONG SUM_US
# SUM_NODES" for a program's OUTPUT on SET ("POSITION SCORE" lines);
# --report RECORDS prints the summary and tables of a run's records.
#
# What is run, in this order, each program alone on the machine:
#   1. each set, R rounds; in each round gamesearch (connect4 solve
#      --no-book --threads 1 --tt-mb 64), Pons's c4solver, Steininger's
#      solver, one after the other on the same positions;
#   2. the empty board, --empty-runs rounds of gamesearch, Steininger's
#      solver and Pons's (killed after --empty-cap seconds);
#   3. gamesearch --threads 1 then --threads 2 on the empty board and on
#      the first --thread-count positions of Test_L1_R3, --empty-runs rounds.
# Every program empties its table before each position, outside the time
# it reports but inside the command's: Pons's c4solver (main.cpp calls
# solver.reset()) fills its 8388617 keys and values with zeros (40 MiB),
# c4s_sets clears Steininger's table (64 MB), gamesearch empties its table
# by a new generation (docs/ref/connect4.md). Of each run it prints: the
# positions, the wrong scores (each checked against the file; --weak: the
# signs), the mean search time per position (each program's own
# MICROSECONDS column), the mean nodes (each counted its own way:
# gamesearch on one thread and Pons a call of the search function,
# Steininger a call of his negamax, which leaves out forced moves and the
# children his table settles), the wall time of the whole command with its
# setup, its peak resident size (/usr/bin/time -f %M) and the load average
# before and after. Then, per set, the spread between rounds (the largest
# mean over the smallest) and whether gamesearch's mean was at or under
# each peer's in every round, and markdown tables of all runs.
#
# The sets are read from ../shared/connect4 beside the project, or $C4_SETS.
# Exit status: 0; 1 when a run failed or a score differed from the file;
# 2 for bad options, a missing program or set, or a peer that does not build.
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
me=bench/c4_peers.sh
cmdline="sh $me"
for a in "$@"; do cmdline="$cmdline $a"; done
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
die() { echo "$me: $*" >&2; exit 2; }

all_sets="L3_R1,L2_R1,L2_R2,L1_R1,L1_R2,L1_R3"
sets=$all_sets
count=""
rounds=3
weak=0
empty=1
empty_runs=2
empty_cap=600
threads=1
thread_count=20
dry=0
pons_dir=${PONS_DIR:-}
c4s_dir=${C4S_DIR:-}
build_dir=${C4_PEERS_BUILD:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/gamesearch-c4-peers}
GS=$root/build/gamesearch
pons_bin=""
c4s_bin=""
parse_set=""
parse_out=""
report=""

# whole NAME VALUE [MIN]: VALUE is a whole number of at least MIN (default 1).
whole() {
    case $2 in
    ''|*[!0-9]*) die "$1 needs a whole number, not '$2'" ;;
    esac
    [ "$2" -ge "${3:-1}" ] || die "$1 needs a whole number of at least ${3:-1}, not '$2'"
}
# need OPTION COUNT: the option has its value.
need() { [ "$2" -ge 2 ] || die "$1 needs a value (see sh $me --help)"; }

while [ $# -gt 0 ]; do
    case $1 in
    --pons) need "$1" $#; pons_dir=$2; shift ;;
    --pons=*) pons_dir=${1#*=} ;;
    --c4s) need "$1" $#; c4s_dir=$2; shift ;;
    --c4s=*) c4s_dir=${1#*=} ;;
    --build-dir) need "$1" $#; build_dir=$2; shift ;;
    --build-dir=*) build_dir=${1#*=} ;;
    --pons-bin) need "$1" $#; pons_bin=$2; shift ;;
    --pons-bin=*) pons_bin=${1#*=} ;;
    --c4s-bin) need "$1" $#; c4s_bin=$2; shift ;;
    --c4s-bin=*) c4s_bin=${1#*=} ;;
    --sets) need "$1" $#; sets=$2; shift ;;
    --sets=*) sets=${1#*=} ;;
    --count) need "$1" $#; count=$2; shift ;;
    --count=*) count=${1#*=} ;;
    --rounds) need "$1" $#; rounds=$2; shift ;;
    --rounds=*) rounds=${1#*=} ;;
    --weak) weak=1 ;;
    --no-sets) sets="" ;;
    --no-empty) empty=0 ;;
    --empty-runs) need "$1" $#; empty_runs=$2; shift ;;
    --empty-runs=*) empty_runs=${1#*=} ;;
    --empty-cap) need "$1" $#; empty_cap=$2; shift ;;
    --empty-cap=*) empty_cap=${1#*=} ;;
    --no-threads) threads=0 ;;
    --thread-count) need "$1" $#; thread_count=$2; shift ;;
    --thread-count=*) thread_count=${1#*=} ;;
    --dry-run) dry=1 ;;
    --parse-output) [ $# -ge 3 ] || die "--parse-output needs SET and OUTPUT"
        parse_set=$2; parse_out=$3; shift 2 ;;
    --report) need "$1" $#; report=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see sh $me --help)" ;;
    *) GS=$1 ;;
    esac
    shift
done

# run_line RECORD: one run, as printed when it ends.
run_line() {
    echo "$1" | awk '{
        p = $4 == "gs" ? "gamesearch" : $4 == "pons" ? "Pons" : $4 == "c4s" ? "Steininger" \
            : $4 == "gs1" ? "gamesearch --threads 1" : $4 == "gs2" ? "gamesearch --threads 2" : $4
        good = $5 - $6
        i = index($2, ":")
        if (i) $2 = substr($2, 1, i - 1) " (first " substr($2, i + 1) ")"
        if ($13 == 124)
            printf "%s round %d, %s: stopped at the cap, command %.3f s, peak %.1f MiB; load %s to %s\n",
                $2, $3, p, $9, $10 / 1024, $11, $12
        else {
            tail = $13 != 0 ? "; exit status " $13 : ""
            plural = $5 == 1 ? "" : "s"
            mus = good > 0 ? $7 / good : 0
            mnodes = good > 0 ? $8 / good : 0
            printf "%s round %d, %s: %d position%s, %d wrong, mean %.1f nodes and %.1f µs; command %.3f s, peak %.1f MiB; load %s to %s%s\n",
                $2, $3, p, $5, plural, $6, mnodes, mus, $9, $10 / 1024, $11, $12, tail
        } }'
}

# parse_output SET OUTPUT: a program's lines "POSITION SCORE NODES US"
# against the set's "POSITION SCORE" (an empty position is the empty
# board), line by line; prints "POSITIONS WRONG SUM_US SUM_NODES", where
# POSITIONS counts the set's lines and WRONG those whose output line is
# missing, for another position, or of another score (--weak: of another
# sign, as Pons's c4solver -w gives a win at the next move its exact score).
parse_output() {
    awk -v weak="$weak" '
        # fields LINE: splits LINE into f[] with f[1] the position, even
        # when it is empty (the line then starts with a space).
        function fields(line,    n) { n = split("x" line, f, " "); f[1] = substr(f[1], 2); return n }
        FNR == NR { n = fields($0); pos[FNR] = f[1]; want[FNR] = f[2]; k = FNR; next }
        {
            i = FNR
            if (i > k) { extra++; next }
            n = fields($0)
            w = want[i]; g = f[2]
            if (weak) { w = (w > 0) - (w < 0); g = (g > 0) - (g < 0) }
            if (n != 4 || f[1] != pos[i] || f[2] !~ /^-?[0-9]+$/ || g != w || f[3] !~ /^[0-9]+$/ || f[4] !~ /^[0-9]+$/) { wrong++; next }
            nodes += f[3]; us += f[4]; got++
        }
        END {
            if (NR == FNR) got = 0   # an empty OUTPUT: the loop above never ran
            printf "%d %d %.0f %.0f\n", k, k - got + extra, us, nodes
        }' "$1" "$2"
}

# report RECORDS: the summary and the markdown tables of a run. A record:
# SECTION SET ROUND PROGRAM POSITIONS WRONG SUM_US SUM_NODES WALL_S RSS_KB
# LOAD_BEFORE LOAD_AFTER STATUS (STATUS 124: stopped at the cap). The
# means are over the positions of the right score.
report() {
    awk '
    function fmt_us(us) {
        if (us == "") return "-"
        if (us < 1000) return sprintf("%.1f µs", us)
        if (us < 1e6) return sprintf("%.2f ms", us / 1e3)
        return sprintf("%.2f s", us / 1e6)
    }
    function fmt_n(x,    s, out) {
        if (x == "") return "-"
        if (x < 100 && x != int(x)) return sprintf("%.1f", x)
        s = sprintf("%.0f", x)
        out = ""
        while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
        return s out
    }
    function fmt_s(s) { return s < 1 ? sprintf("%.3f s", s) : s < 10 ? sprintf("%.2f s", s) : sprintf("%.1f s", s) }
    function fmt_mb(kb) { return sprintf("%.1f MiB", kb / 1024) }
    function name(p) {
        return p == "gs" ? "gamesearch" : p == "pons" ? "Pons" : p == "c4s" ? "Steininger" \
            : p == "gs1" ? "1 thread" : p == "gs2" ? "2 threads" : p
    }
    function setname(s,    i) {
        if (s == "empty") return "empty board"
        i = index(s, ":")
        return i ? substr(s, 1, i - 1) " (first " substr(s, i + 1) ")" : s
    }
    # join LIST of SEP-separated values with ", ".
    function join(a, n, f,    i, s) { s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? ", " : "") f[a, i]; return s }
    {
        sec = $1; set = $2; r = $3; p = $4
        key = sec SUBSEP set
        if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
        if (!((key, p) in progseen)) { progseen[key, p] = 1 }
        if (r > rounds[key]) rounds[key] = r
        npos[key] = $5
        good = $5 - $6
        ok = ($13 == 0 && good > 0)
        done[key, p, r] = ok
        capped[key, p, r] = ($13 == 124)
        if ($13 != 124) wrong[key, p] += $6
        if ($13 != 124 && $6 > 0) wrongs = wrongs (wrongs == "" ? "" : ", ") name(p) " on " setname(set) " round " r " (" $6 ")"
        for (i = 11; i <= 12; i++) if ($i ~ /^[0-9.]+$/) {
            if (lo == "" || $i + 0 < lo) lo = $i + 0
            if (hi == "" || $i + 0 > hi) hi = $i + 0
        }
        if (ok) { mt[key, p, r] = $7 / good; mn[key, p, r] = $8 / good; tus[key, p, r] = $7 }
        wall[key, p, r] = $9; rss[key, p, r] = $10
        if ($10 > maxrss[key, p]) maxrss[key, p] = $10
        if ($13 != 0) failed[key, p, r] = $13
    }
    # cell KEY P WHAT: the values of every round, ", "-separated.
    function cell(key, p, what,    i, s, v) {
        s = ""
        for (i = 1; i <= rounds[key]; i++) {
            if (!((key, p, i) in wall)) continue
            if (what == "time") v = done[key, p, i] ? fmt_us(mt[key, p, i]) : capped[key, p, i] ? "over " fmt_s(wall[key, p, i]) : "failed"
            else if (what == "wall") v = capped[key, p, i] ? "over " fmt_s(wall[key, p, i]) : fmt_s(wall[key, p, i])
            else if (what == "nodes") v = done[key, p, i] ? fmt_n(mn[key, p, i]) : "-"
            s = s (s == "" ? "" : ", ") v
        }
        return s == "" ? "-" : s
    }
    # nodes KEY P: the mean nodes, once when every round gave the same.
    function nodes(key, p,    i, first, same, any) {
        same = 1; any = 0
        for (i = 1; i <= rounds[key]; i++) {
            if (!done[key, p, i]) continue
            if (!any) { first = mn[key, p, i]; any = 1 } else if (mn[key, p, i] != first) same = 0
        }
        if (!any) return "-"
        return same ? fmt_n(first) : cell(key, p, "nodes")
    }
    # spread KEY P: the largest mean time over the smallest, of the rounds run.
    function spread(key, p,    i, lo, hi, any) {
        any = 0
        for (i = 1; i <= rounds[key]; i++) {
            if (!done[key, p, i]) continue
            if (!any || mt[key, p, i] < lo) lo = mt[key, p, i]
            if (!any || mt[key, p, i] > hi) hi = mt[key, p, i]
            any = 1
        }
        return !any ? "-" : lo > 0 ? sprintf("%.2f", hi / lo) : "-"
    }
    # atmost KEY A B WHAT: A at or under B in every round ("yes"), or the
    # rounds where not; WHAT is "time" (mean search time) or "wall". A run
    # of B stopped at its cap counts as over it when the command of A took less.
    function atmost(key, a, b, what,    i, s, va, vb, any) {
        if (!((key, b) in progseen)) return "-"
        s = ""; any = 0
        for (i = 1; i <= rounds[key]; i++) {
            if (!((key, a, i) in wall) || !((key, b, i) in wall)) continue
            if (!done[key, a, i]) { s = s " " i; any = 1; continue }
            if (done[key, b, i]) {
                va = what == "time" ? mt[key, a, i] : wall[key, a, i]
                vb = what == "time" ? mt[key, b, i] : wall[key, b, i]
            } else if (capped[key, b, i] && wall[key, a, i] <= wall[key, b, i]) {
                va = vb = 0
            } else continue
            any = 1
            if (va > vb) s = s " " i
        }
        if (!any) return "-"
        if (s == "") return "yes"
        gsub(/^ /, "", s); gsub(/ /, ", ", s)
        return "no (round" (index(s, ",") ? "s " : " ") s ")"
    }
    # both KEY: whether the command of gamesearch was at or under both peers.
    function both(key,    a, b) {
        a = atmost(key, "gs", "pons", "wall"); b = atmost(key, "gs", "c4s", "wall")
        if (a == "yes" && b == "yes") return "yes"
        if (a == "yes" || a == "-") return "Steininger: " b
        if (b == "yes" || b == "-") return "Pons: " a
        return "Pons: " a "; Steininger: " b
    }
    # speedup KEY: the 1-thread search time over the 2-thread one, all runs
    # summed, and the same of the wall times.
    function speedup(key,    i, a, b, wa, wb) {
        for (i = 1; i <= rounds[key]; i++) {
            if (!done[key, "gs1", i] || !done[key, "gs2", i]) continue
            a += tus[key, "gs1", i]; b += tus[key, "gs2", i]
            wa += wall[key, "gs1", i]; wb += wall[key, "gs2", i]
        }
        if (b <= 0 || wb <= 0) return "- | -"
        return sprintf("%.2f | %.2f", a / b, wa / wb)
    }
    function progs_of(sec) { return sec == "threads" ? "gs1 gs2" : "gs pons c4s" }
    END {
        for (j = 1; j <= nk; j++) {
            split(order[j], kk, SUBSEP); sec = kk[1]
            nsec[sec]++; sk[sec, nsec[sec]] = order[j]
        }
        split("sets empty threads", secs, " ")
        for (s = 1; s <= 3; s++) {
            sec = secs[s]
            if (!nsec[sec]) continue
            np = split(progs_of(sec), P, " ")
            print ""
            if (sec == "sets") print "Summary of the test sets (per set: each round in order; spread = largest mean over smallest):"
            else if (sec == "empty") print "Summary of the empty board:"
            else print "Summary of --threads 2 against --threads 1 (gamesearch):"
            for (j = 1; j <= nsec[sec]; j++) {
                key = sk[sec, j]; split(key, kk, SUBSEP); set = kk[2]
                printf "%s: %s position%s, %d round%s\n", setname(set), npos[key], npos[key] == 1 ? "" : "s", rounds[key], rounds[key] == 1 ? "" : "s"
                for (q = 1; q <= np; q++) {
                    p = P[q]
                    if (!((key, p) in progseen)) continue
                    printf "  %-11s nodes %s; time %s (spread %s); wall %s; peak %s; wrong %d\n", name(p), nodes(key, p), cell(key, p, "time"), spread(key, p), cell(key, p, "wall"), fmt_mb(maxrss[key, p]), wrong[key, p]
                }
                if (sec != "threads") {
                    printf "  gamesearch at or under Pons: time %s, wall %s; under Steininger: time %s, wall %s\n", atmost(key, "gs", "pons", "time"), atmost(key, "gs", "pons", "wall"), atmost(key, "gs", "c4s", "time"), atmost(key, "gs", "c4s", "wall")
                } else {
                    split(speedup(key), sp, " [|] ")
                    printf "  2 threads over 1: %s on search time, %s on wall time\n", sp[1], sp[2]
                }
            }
        }

        # The markdown tables.
        if (nsec["sets"]) {
            print ""
            print "| set | positions | gamesearch nodes | Pons nodes | Steininger nodes |"
            print "| --- | --- | --- | --- | --- |"
            for (j = 1; j <= nsec["sets"]; j++) {
                key = sk["sets", j]; split(key, kk, SUBSEP)
                printf "| %s | %s | %s | %s | %s |\n", setname(kk[2]), npos[key], nodes(key, "gs"), nodes(key, "pons"), nodes(key, "c4s")
            }
            print ""
            print "| set | gamesearch time | Pons time | Steininger time |"
            print "| --- | --- | --- | --- |"
            for (j = 1; j <= nsec["sets"]; j++) {
                key = sk["sets", j]; split(key, kk, SUBSEP)
                printf "| %s | %s | %s | %s |\n", setname(kk[2]), cell(key, "gs", "time"), cell(key, "pons", "time"), cell(key, "c4s", "time")
            }
            print ""
            print "| set | gamesearch command | Pons command | Steininger command |"
            print "| --- | --- | --- | --- |"
            for (j = 1; j <= nsec["sets"]; j++) {
                key = sk["sets", j]; split(key, kk, SUBSEP)
                printf "| %s | %s; %s | %s; %s | %s; %s |\n", kk[2], cell(key, "gs", "wall"), fmt_mb(maxrss[key, "gs"]), cell(key, "pons", "wall"), fmt_mb(maxrss[key, "pons"]), cell(key, "c4s", "wall"), fmt_mb(maxrss[key, "c4s"])
            }
            print ""
            print "| set | spread: gamesearch | Pons | Steininger | gamesearch ≤ Pons, every round | gamesearch ≤ Steininger, every round | command ≤ both, every round |"
            print "| --- | --- | --- | --- | --- | --- | --- |"
            for (j = 1; j <= nsec["sets"]; j++) {
                key = sk["sets", j]; split(key, kk, SUBSEP)
                printf "| %s | %s | %s | %s | %s | %s | %s |\n", kk[2], spread(key, "gs"), spread(key, "pons"), spread(key, "c4s"), atmost(key, "gs", "pons", "time"), atmost(key, "gs", "c4s", "time"), both(key)
            }
        }
        if (nsec["empty"]) {
            key = sk["empty", 1]
            print ""
            print "| empty board | nodes | search time | command | peak resident |"
            print "| --- | --- | --- | --- | --- |"
            for (q = 1; q <= 3; q++) {
                p = substr("gs  ponsc4s ", 4 * q - 3, 4); gsub(/ /, "", p)
                if (!((key, p) in progseen)) continue
                printf "| %s | %s | %s | %s | %s |\n", name(p), nodes(key, p), cell(key, p, "time"), cell(key, p, "wall"), fmt_mb(maxrss[key, p])
            }
        }
        if (nsec["threads"]) {
            print ""
            print "| gamesearch | 1 thread | 2 threads | speed-up (search) | speed-up (command) |"
            print "| --- | --- | --- | --- | --- |"
            for (j = 1; j <= nsec["threads"]; j++) {
                key = sk["threads", j]; split(key, kk, SUBSEP)
                printf "| %s | %s (command %s) | %s (command %s) | %s |\n", setname(kk[2]), cell(key, "gs1", "time"), cell(key, "gs1", "wall"), cell(key, "gs2", "time"), cell(key, "gs2", "wall"), speedup(key)
            }
        }
        print ""
        print "Every score checked against its file: " (wrongs == "" ? "none wrong." : "wrong: " wrongs ".")
        if (lo != "") printf "Load average (1 minute) before and after each run: %.2f to %.2f.\n", lo, hi
    }' "$1"
}

if [ -n "$parse_set" ]; then
    [ -r "$parse_set" ] || die "cannot read the set $parse_set"
    [ -r "$parse_out" ] || die "cannot read the output $parse_out"
    parse_output "$parse_set" "$parse_out"
    exit 0
fi
if [ -n "$report" ]; then
    [ -r "$report" ] || die "cannot read the records $report"
    report "$report"
    exit 0
fi

whole --rounds "$rounds"
[ -z "$count" ] || whole --count "$count"
whole --empty-runs "$empty_runs"
whole --empty-cap "$empty_cap" 0
whole --thread-count "$thread_count"

# The sets, checked by name before anything is built.
set_list=""
old_ifs=$IFS
IFS=,
for s in $sets; do
    case $s in Test_*) ;; *) s=Test_$s ;; esac
    case ,$all_sets, in
    *,"${s#Test_}",*) ;;
    *) IFS=$old_ifs; die "unknown set '$s' (the sets: $all_sets)" ;;
    esac
    set_list="$set_list $s"
done
IFS=$old_ifs
[ -n "$set_list" ] || [ "$empty" -eq 1 ] || [ "$threads" -eq 1 ] || die "nothing to run (--no-sets, --no-empty and --no-threads)"

[ -x "$GS" ] || die "no gamesearch program at $GS (build it, or give its path)"
GS=$(cd "$(dirname "$GS")" && pwd)/$(basename "$GS")
need_sets=0
[ -z "$set_list" ] || need_sets=1
[ "$threads" -eq 0 ] || need_sets=1
sets_dir=${C4_SETS:-$root/../shared/connect4}
if [ "$need_sets" -eq 1 ]; then
    [ -d "$sets_dir" ] || die "no test sets in $sets_dir (set C4_SETS=DIR)"
    sets_dir=$(cd "$sets_dir" && pwd)
    for s in $set_list $( [ "$threads" -eq 0 ] || echo Test_L1_R3 ); do
        [ -r "$sets_dir/$s" ] || die "no set $sets_dir/$s"
    done
fi
run_pons=0
[ -z "$set_list" ] || run_pons=1
[ "$empty" -eq 0 ] || [ "$empty_cap" -eq 0 ] || run_pons=1
run_c4s=0
[ -z "$set_list" ] || run_c4s=1
[ "$empty" -eq 0 ] || run_c4s=1
clone="(see sh $me --help for the git clone commands)"
# peer_bin NAME PROG: PROG, given as built already, can be run.
peer_bin() {
    if [ ! -x "$2" ] || [ -d "$2" ]; then die "no program at $2 ($1)"; fi
    echo "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
}
if [ "$run_pons" -eq 1 ] && [ -n "$pons_bin" ]; then
    pons_bin=$(peer_bin --pons-bin "$pons_bin") || exit 2
    pons_dir=""
elif [ "$run_pons" -eq 1 ]; then
    [ -n "$pons_dir" ] || die "where is Pons's solver? give --pons DIR or PONS_DIR $clone"
    for f in solver.cpp main.cpp solver.hpp position.hpp TranspositionTable.hpp MoveSorter.hpp; do
        [ -r "$pons_dir/$f" ] || die "no $f in $pons_dir: not Pons's connect4 at part12 $clone"
    done
    pons_dir=$(cd "$pons_dir" && pwd)
    if git -C "$pons_dir" rev-parse --git-dir >/dev/null 2>&1; then
        want=$(git -C "$pons_dir" rev-parse -q --verify 'part12^{commit}' 2>/dev/null) ||
            die "$pons_dir has no tag part12: is it PascalPons/connect4? $clone"
        [ "$(git -C "$pons_dir" rev-parse HEAD)" = "$want" ] ||
            die "$pons_dir is not at tag part12 (git -C $pons_dir checkout part12)"
    fi
fi
if [ "$run_c4s" -eq 1 ] && [ -n "$c4s_bin" ]; then
    c4s_bin=$(peer_bin --c4s-bin "$c4s_bin") || exit 2
    c4s_dir=""
elif [ "$run_c4s" -eq 1 ]; then
    [ -n "$c4s_dir" ] || die "where is Steininger's solver? give --c4s DIR or C4S_DIR $clone"
    [ -r "$c4s_dir/src/solver/settings.h" ] || die "no src/solver/settings.h in $c4s_dir: not Steininger's c4 $clone"
    c4s_dir=$(cd "$c4s_dir" && pwd)
fi
[ -z "$pons_dir$c4s_dir" ] || command -v g++ >/dev/null 2>&1 || die "no g++ to build the peers"
[ -x /usr/bin/time ] || die "no /usr/bin/time (GNU time) for the peak resident sizes"
case $build_dir in /*) ;; *) build_dir=$(pwd)/$build_dir ;; esac
case $build_dir/ in
"$root"/*) die "the build directory $build_dir is inside the project: give --build-dir outside it" ;;
esac

# describe DIR: the checkout's commit, its tag, and its local changes.
describe() {
    if git -C "$1" rev-parse --git-dir >/dev/null 2>&1; then
        c=$(git -C "$1" rev-parse --short HEAD 2>/dev/null)
        t=$(git -C "$1" describe --tags --exact-match HEAD 2>/dev/null || true)
        m=$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null | awk '{ printf "%s%s", sep, $2; sep = " " }')
        printf 'commit %s%s%s' "$c" "${t:+, tag $t}" "${m:+, changed here: $m}"
    else
        printf 'not a git checkout'
    fi
}

[ -n "$pons_bin" ] || pons_bin=$build_dir/pons/c4solver
[ -n "$c4s_bin" ] || c4s_bin=$build_dir/c4s/c4s_sets

# build_pons: c4solver from Pons's sources, with his Makefile's flags,
# unless built from these sources already.
build_pons() {
    stamp="$pons_dir $(cat "$pons_dir"/*.cpp "$pons_dir"/*.hpp | cksum)"
    if [ -x "$pons_bin" ] && [ "$(cat "$pons_bin.stamp" 2>/dev/null)" = "$stamp" ]; then
        return 0
    fi
    echo "building Pons's c4solver in $build_dir/pons"
    mkdir -p "$build_dir/pons" || die "cannot create $build_dir/pons"
    rm -f "$pons_bin.stamp"
    g++ -std=c++11 -W -Wall -O3 -DNDEBUG -o "$pons_bin" "$pons_dir/solver.cpp" "$pons_dir/main.cpp" \
        >"$build_dir/pons/build.log" 2>&1 || die "Pons's solver did not build: see $build_dir/pons/build.log"
    echo "$stamp" >"$pons_bin.stamp"
}

# build_c4s: Steininger's solver at 1 thread and 8388617 entries, no book
# or table file, with bench/peers/c4s_sets.cpp, from a copy of his
# src/solver/, unless built from these sources already.
build_c4s() {
    stamp="$c4s_dir $(cat "$c4s_dir"/src/solver/*.cpp "$c4s_dir"/src/solver/*.h "$c4s_dir"/src/solver/*/* "$root/bench/peers/c4s_sets.cpp" | cksum)"
    if [ -x "$c4s_bin" ] && [ "$(cat "$c4s_bin.stamp" 2>/dev/null)" = "$stamp" ]; then
        return 0
    fi
    echo "building Steininger's solver in $build_dir/c4s"
    rm -rf "$build_dir/c4s/src"
    mkdir -p "$build_dir/c4s/src" || die "cannot create $build_dir/c4s"
    rm -f "$c4s_bin.stamp"
    cp -R "$c4s_dir/src/solver" "$build_dir/c4s/src/solver" || die "cannot copy $c4s_dir/src/solver"
    sed -e 's/^\(inline constexpr int NUM_THREADS\) = .*;/\1 = 1;/' \
        -e 's/^\(inline constexpr uint64_t NUM_TABLE_ENTRIES\) = .*;/\1 = 8388617;/' \
        -e 's/^\(inline constexpr bool LOAD_BOOK_FILE\) = .*;/\1 = false;/' \
        -e 's/^\(inline constexpr bool LOAD_TABLE_FILE\) = .*;/\1 = false;/' \
        -e 's/^\(inline constexpr bool UPDATE_TABLE_FILE\) = .*;/\1 = false;/' \
        "$c4s_dir/src/solver/settings.h" >"$build_dir/c4s/src/solver/settings.h"
    # The driver's static_asserts refuse a settings.h these lines missed.
    # shellcheck disable=SC2046
    g++ -std=c++20 -Wall -O3 -flto -DNDEBUG -pthread -I"$build_dir/c4s/src" -o "$c4s_bin" \
        "$root/bench/peers/c4s_sets.cpp" $(find "$build_dir/c4s/src/solver" -name '*.cpp' | sort) \
        >"$build_dir/c4s/build.log" 2>&1 || die "Steininger's solver did not build: see $build_dir/c4s/build.log"
    echo "$stamp" >"$c4s_bin.stamp"
}

mode=strong
wflag=""
gsweak=""
if [ "$weak" -eq 1 ]; then mode=weak; wflag=-w; gsweak=--weak; fi

echo "command: $cmdline"
# The load before anything runs: above 1, the machine is not idle.
busy=$(awk '$1 > 1 { print " (not idle: these times are not comparable with an idle machine'"'"'s)" }' /proc/loadavg 2>/dev/null)
echo "machine: $(nproc 2>/dev/null || echo '?') cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo '?'), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')$busy"
echo "gamesearch: $GS ($("$GS" --version 2>/dev/null | head -n 1); this project at $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?')), connect4 solve --no-book --threads 1 --tt-mb 64${gsweak:+ $gsweak}"
if [ "$run_pons" -eq 1 ] && [ -n "$pons_dir" ]; then
    echo "Pons: $pons_dir ($(describe "$pons_dir")), c4solver${wflag:+ $wflag} built with g++ -std=c++11 -O3 -DNDEBUG in $build_dir/pons"
elif [ "$run_pons" -eq 1 ]; then
    echo "Pons: $pons_bin${wflag:+ $wflag} (built already)"
fi
if [ "$run_c4s" -eq 1 ] && [ -n "$c4s_dir" ]; then
    echo "Steininger: $c4s_dir ($(describe "$c4s_dir")), 1 thread, 8388617 entries, built with g++ -std=c++20 -O3 -flto -DNDEBUG and bench/peers/c4s_sets.cpp in $build_dir/c4s"
elif [ "$run_c4s" -eq 1 ]; then
    echo "Steininger: $c4s_bin${wflag:+ $wflag} (built already)"
fi
sets_shown=${set_list# }
echo "mode: $mode; sets: $( [ -n "$sets_shown" ] && echo "$sets_shown, $rounds round(s)" || echo none); empty board: $( [ "$empty" -eq 1 ] && echo "$empty_runs run(s), Pons stopped after $empty_cap s" || echo no); threads: $( [ "$threads" -eq 1 ] && echo "$empty_runs run(s), $( [ "$empty" -eq 0 ] || echo "the empty board and ")the first $thread_count of Test_L1_R3" || echo no)"

if [ "$dry" -eq 0 ]; then
    [ -z "$pons_dir" ] || build_pons
    [ -z "$c4s_dir" ] || build_c4s
    TMP=$(mktemp -d) || die "cannot create a temporary directory"
    trap 'rm -rf "$TMP"' EXIT
    trap 'exit 130' INT TERM
else
    TMP=/nonexistent
fi
status=0

load1() { cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'; }
now() { date +%s.%N 2>/dev/null | sed 's/\.N$//'; }

# run SECTION SET ROUND PROGRAM INPUT EXPECTED [CAP]: one run of PROGRAM
# (gs, gs1, gs2, pons, c4s) on INPUT, checked against EXPECTED; prints it
# and appends its record.
run() {
    run_sec=$1 run_set=$2 run_r=$3 run_p=$4 run_in=$5 run_exp=$6 run_cap=${7:-0}
    case $run_p in
    gs|gs1) cmd="$GS connect4 solve --no-book --threads 1 --tt-mb 64${gsweak:+ $gsweak}" ;;
    gs2) cmd="$GS connect4 solve --no-book --threads 2 --tt-mb 64${gsweak:+ $gsweak}" ;;
    pons) cmd="$pons_bin${wflag:+ $wflag}" ;;
    c4s) cmd="$c4s_bin${wflag:+ $wflag}" ;;
    esac
    if [ "$dry" -eq 1 ]; then
        printf 'run: %s, round %s: %s < %s%s\n' "$(echo "$run_set" | sed 's/:\(.*\)/ (first \1)/')" "$run_r" "$cmd" "$desc" \
            "$( [ "$run_cap" -eq 0 ] || echo " (stopped after $run_cap s)")"
        return 0
    fi
    l0=$(load1)
    t0=$(now)
    if [ "$run_cap" -gt 0 ]; then
        # shellcheck disable=SC2086
        /usr/bin/time -f %M -o "$TMP/rss" timeout "$run_cap" $cmd <"$run_in" >"$TMP/out" 2>"$TMP/err"
    else
        # shellcheck disable=SC2086
        /usr/bin/time -f %M -o "$TMP/rss" $cmd <"$run_in" >"$TMP/out" 2>"$TMP/err"
    fi
    st=$?
    t1=$(now)
    l1=$(load1)
    rss=$(grep -E '^[0-9]+$' "$TMP/rss" | tail -n 1)
    # shellcheck disable=SC2046
    set -- $(parse_output "$run_exp" "$TMP/out")
    wall=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
    echo "$run_sec $run_set $run_r $run_p $1 $2 $3 $4 $wall ${rss:-0} $l0 $l1 $st" >>"$TMP/records"
    run_line "$run_sec $run_set $run_r $run_p $1 $2 $3 $4 $wall ${rss:-0} $l0 $l1 $st"
    if [ "$st" -eq 124 ] && [ "$run_cap" -gt 0 ]; then
        return 0
    fi
    if [ "$st" -ne 0 ]; then
        echo "$me: $run_p on $run_set, round $run_r: exit status $st: $(head -n 3 "$TMP/err")" >&2
        status=1
    elif [ "$2" -ne 0 ]; then
        echo "$me: $run_p on $run_set, round $run_r: $2 of $1 scores differ from the file" >&2
        status=1
    fi
}

# The sets.
for s in $set_list; do
    n=$count
    if [ -z "$n" ]; then
        n=1000
        case $s in Test_L1_R2|Test_L1_R3) n=200 ;; esac
    fi
    if [ "$dry" -eq 0 ]; then
        head -n "$n" "$sets_dir/$s" >"$TMP/$s.set"
        cut -d' ' -f1 "$TMP/$s.set" >"$TMP/$s.in"
        n=$(wc -l <"$TMP/$s.set" | tr -d ' ')
    fi
    [ "$dry" -eq 1 ] || echo
    desc="the first $n positions of $sets_dir/$s"
    r=1
    while [ "$r" -le "$rounds" ]; do
        for p in gs pons c4s; do
            run sets "$s" "$r" "$p" "$TMP/$s.in" "$TMP/$s.set"
        done
        r=$((r + 1))
    done
done

# The empty board: the first player wins with the last stone (score 1).
if [ "$empty" -eq 1 ]; then
    if [ "$dry" -eq 0 ]; then
        printf '\n' >"$TMP/empty.in"
        printf ' 1\n' >"$TMP/empty.set"
    fi
fi
if [ "$empty" -eq 1 ]; then
    [ "$dry" -eq 1 ] || echo
    desc="an empty line"
    r=1
    while [ "$r" -le "$empty_runs" ]; do
        run empty empty "$r" gs "$TMP/empty.in" "$TMP/empty.set"
        run empty empty "$r" c4s "$TMP/empty.in" "$TMP/empty.set"
        [ "$empty_cap" -eq 0 ] || run empty empty "$r" pons "$TMP/empty.in" "$TMP/empty.set" "$empty_cap"
        r=$((r + 1))
    done
fi

# Two threads against one.
if [ "$threads" -eq 1 ]; then
    t20=Test_L1_R3:$thread_count
    if [ "$dry" -eq 0 ]; then
        echo
        head -n "$thread_count" "$sets_dir/Test_L1_R3" >"$TMP/t20.set"
        cut -d' ' -f1 "$TMP/t20.set" >"$TMP/t20.in"
    fi
    whats=t20
    [ "$empty" -eq 0 ] || whats="empty t20"
    for what in $whats; do
        label=empty
        desc="an empty line"
        [ "$what" = empty ] || { label=$t20; desc="the first $thread_count positions of $sets_dir/Test_L1_R3"; }
        r=1
        while [ "$r" -le "$empty_runs" ]; do
            run threads "$label" "$r" gs1 "$TMP/$what.in" "$TMP/$what.set"
            run threads "$label" "$r" gs2 "$TMP/$what.in" "$TMP/$what.set"
            r=$((r + 1))
        done
    done
fi

[ "$dry" -eq 0 ] || exit 0
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
[ ! -s "$TMP/records" ] || report "$TMP/records"
exit "$status"
