#!/bin/bash
# nfc-selftest.sh: show that the no-functional-change check (nfc.sh) still
# fails on a real functional change, including one hidden inside an RCU
# accessor at a place where it accepts an accessor-only difference.
# Makes the tag "nfc-mutant" = series + one commit with three mutations
# (written with git plumbing, so the checkout is not disturbed), runs
# "nfc.sh nfc-base nfc-mutant kernel/ptrace.o kernel/cred.o kernel/signal.o",
# and requires every object to be reported DIFF (not SAME, not ACCEPTED):
#   kernel/ptrace.c  ptrace_access_vm(): rcu_access_pointer(tsk->parent)
#                    -> rcu_access_pointer(tsk->real_parent)
#                    (the series' own accepted difference is on this line)
#   kernel/cred.c    commit_creds(): the BUG_ON() compares with "new"
#                    instead of "old" (accepted cmp operand swap there)
#   kernel/signal.c  ptrace_signal(): the reader's
#                    rcu_dereference(current->parent)
#                    -> rcu_dereference(current->real_parent), a change
#                    inside an rcu_dereference() that the plain-accessor
#                    expansion of the rcu_dereference*() family
#                    (nfc-plain-accessors.py) must not hide
# Exits 0 if the check caught all of them.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
MUT=(
	"kernel/ptrace.c|s/(current != rcu_access_pointer(tsk->parent))/(current != rcu_access_pointer(tsk->real_parent))/"
	"kernel/cred.c|s/BUG_ON(rcu_dereference_protected(task->cred, task == current) != old);/BUG_ON(rcu_dereference_protected(task->cred, task == current) != new);/"
	"kernel/signal.c|s/info->si_pid = task_pid_vnr(rcu_dereference(current->parent));/info->si_pid = task_pid_vnr(rcu_dereference(current->real_parent));/"
)
export GIT_INDEX_FILE=$B/nfc-mutant.index
rm -f "$GIT_INDEX_FILE"
git -C "$SRC" read-tree refs/tags/series
objs=""
for m in "${MUT[@]}"; do
	f=${m%%|*} expr=${m#*|}
	old=$(git -C "$SRC" rev-parse "refs/tags/series:$f")
	new=$(git -C "$SRC" show "refs/tags/series:$f" | sed -e "$expr" | git -C "$SRC" hash-object -w --stdin)
	[ "$old" != "$new" ] || die "self-test mutation did not apply to $f (the series changed?): $expr"
	git -C "$SRC" update-index --cacheinfo "100644,$new,$f"
	objs="$objs ${f%.c}.o"
	echo "mutant: $f: $expr"
done
tree=$(git -C "$SRC" write-tree)
commit=$(git -C "$SRC" -c user.name=nfc-selftest -c user.email=nfc-selftest@localhost \
	commit-tree "$tree" -p refs/tags/series -m "nfc self-test: functional mutations")
git -C "$SRC" tag -f nfc-mutant "$commit" >/dev/null
rm -f "$GIT_INDEX_FILE"
unset GIT_INDEX_FILE
set +e
# shellcheck disable=SC2086
"$LINUX_DIR/scripts/nfc.sh" nfc-base nfc-mutant $objs > "$B/nfc-selftest.log" 2>&1
rc=$?
set -e
cat "$B/nfc-selftest.log"
caught=0
for o in $objs; do
	if grep -q "^DIFF $o:" "$B/nfc-selftest.log"; then
		caught=$((caught + 1))
	else
		echo "NOT CAUGHT: $o"
	fi
done
echo "nfc self-test: $caught of $(echo $objs | wc -w) functional mutations caught (nfc.sh exit $rc)"
[ "$rc" != 0 ] && [ "$caught" = "$(echo $objs | wc -w)" ]
