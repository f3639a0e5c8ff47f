#!/bin/sh
# --mpi beyond one host: three hosts made on this machine (network
# namespaces, each joined to a bridge by a veth pair, 10.77.N.0/24), Open
# MPI started on them through a launcher that enters the namespace
# (plm_rsh_agent, in place of ssh), its messages forced onto TCP over the
# veth links. Three ranks, one a host, print what one process prints.
# Needs root and `ip netns`: skipped (77), saying why, otherwise.
#   test_mpi_netns.sh GAMESEARCH
set -u
GS=$1

# Open MPI leaks what it keeps until the process ends; not gamesearch's.
ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
export ASAN_OPTIONS
if "$GS" connect4 solve --mpi </dev/null 2>&1 | grep -q "built without MPI"; then
    echo "skipped: gamesearch was built without MPI"
    exit 77
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "skipped: mpirun not found (install openmpi-bin)"
    exit 77
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "skipped: network namespaces need root"
    exit 77
fi
if ! command -v ip >/dev/null 2>&1 || ! ip netns list >/dev/null 2>&1; then
    echo "skipped: ip netns is not available (install iproute2)"
    exit 77
fi

TMP=$(mktemp -d)
# Names of our own, so that runs side by side do not meet.
id=$$
net=$((id % 200 + 20))
sw=gsw$id
cleanup() {
    for h in 0 1 2; do ip netns del "gsh$h-$id" 2>/dev/null; done
    ip netns del "$sw" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
fail() { echo "FAIL: $1"; shift; for l in "$@"; do echo "  $l"; done; exit 1; }
skip_setup() { echo "skipped: cannot make network namespaces here: $1"; exit 77; }

ip netns add "$sw" 2>"$TMP/err" || skip_setup "$(cat "$TMP/err")"
ip -n "$sw" link add br0 type bridge forward_delay 0 2>"$TMP/err" || skip_setup "$(cat "$TMP/err")"
ip -n "$sw" link set br0 up
for h in 0 1 2; do
    ns=gsh$h-$id
    ip netns add "$ns" || fail "ip netns add $ns"
    ip -n "$ns" link set lo up
    ip link add "gv$h-$id" type veth peer name "gp$h-$id" 2>"$TMP/err" ||
        skip_setup "veth: $(cat "$TMP/err")"
    ip link set "gv$h-$id" netns "$ns"
    ip link set "gp$h-$id" netns "$sw"
    ip -n "$ns" link set "gv$h-$id" name eth0
    ip -n "$ns" addr add "10.77.$net.$((h + 1))/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$sw" link set "gp$h-$id" master br0
    ip -n "$sw" link set "gp$h-$id" up
done

# Instead of ssh: "launcher HOST COMMAND..." runs COMMAND in HOST's
# namespace (HOST is its address), with a host name and a temporary
# directory of its own, as another machine would have.
cat >"$TMP/launcher" <<EOF
#!/bin/sh
h=\$((\${1##*.} - 1))
shift
mkdir -p "$TMP/host\$h"
exec ip netns exec "gsh\$h-$id" env TMPDIR="$TMP/host\$h" \\
    unshare --uts sh -c "hostname gshost\$h; \$*"
EOF
chmod +x "$TMP/launcher"
hosts="10.77.$net.1:1,10.77.$net.2:1,10.77.$net.3:1"

rx() { ip netns exec "gsh$1-$id" cat /sys/class/net/eth0/statistics/rx_bytes; }
run_hosts() { # ARGS...: 3 ranks, one a host, from host 0
    mkdir -p "$TMP/host0"
    ip netns exec "gsh0-$id" env TMPDIR="$TMP/host0" \
        mpirun --allow-run-as-root -np 3 --host "$hosts" \
        --mca plm_rsh_agent "$TMP/launcher" --mca btl tcp,self \
        --mca btl_tcp_if_include "10.77.$net.0/24" \
        --mca oob_tcp_if_include "10.77.$net.0/24" \
        "$GS" "$@" --mpi <"$TMP/in" >"$TMP/mout" 2>"$TMP/merr"
}

# A Pacman batch with its record.
: >"$TMP/in"
set -- pacman -l crossroads -p ExpectimaxAgent -a depth=2 -k 2 -q -n 8 --seeds 11
"$GS" "$@" --record "$TMP/one.rec" >"$TMP/out" 2>"$TMP/err" || fail "pacman, one process" "$(cat "$TMP/err")"
before1=$(rx 1)
before2=$(rx 2)
run_hosts "$@" --record "$TMP/mpi.rec"
status=$?
[ "$status" -eq 0 ] && cmp -s "$TMP/out" "$TMP/mout" && cmp -s "$TMP/one.rec" "$TMP/mpi.rec" ||
    fail "pacman: 3 hosts print what one process prints" "status $status" "$(diff "$TMP/out" "$TMP/mout" | head -5)" "$(head -20 "$TMP/merr")"
# Hosts 1 and 2 received the layout and their games' numbers over eth0.
got1=$(($(rx 1) - before1))
got2=$(($(rx 2) - before2))
[ "$got1" -gt 1000 ] && [ "$got2" -gt 1000 ] ||
    fail "pacman: hosts 1 and 2 received too little over the veth links" "$got1 and $got2 bytes"
echo "pacman: hosts 1 and 2 received $got1 and $got2 bytes over their veth links"

# A connect4 solve list.
for p in 5554224333234511764415115 52753311433677442422121 1233722555341451114725221333 \
         271713432331713132 6672375354252731116762237724 763452543756455357732314 \
         662222576343651642712157 3455565261655364217 4661237137541742643224; do
    echo "$p"
done >"$TMP/in"
"$GS" connect4 solve <"$TMP/in" >"$TMP/out" 2>"$TMP/err" || fail "connect4, one process"
run_hosts connect4 solve
status=$?
[ "$status" -eq 0 ] && [ "$(cut -d' ' -f1-3 "$TMP/out")" = "$(cut -d' ' -f1-3 "$TMP/mout")" ] ||
    fail "connect4 solve: 3 hosts print what one process prints" "status $status" "$(head -20 "$TMP/merr")"
echo "test_mpi_netns: all passed"
