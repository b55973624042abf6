# lib/tests/: KUnit suite "lib", lib/ as the kernel builds it (tests/unit/
# tests it in depth on the host).
obj-$(CONFIG_KUNIT) += lib/tests/lib-test.o
# KUnit suite "debugobjects": the generic debug-objects facility.
obj-$(CONFIG_DEBUG_OBJECTS) += $(if $(CONFIG_KUNIT),lib/tests/debugobjects_test.o)
# KUnit suite "rhashtable": the resizable RCU hash table.
obj-$(CONFIG_KUNIT) += lib/tests/rhashtable_test.o
# KUnit suite "list_nulls": the nulls hash lists.
obj-$(CONFIG_KUNIT) += lib/tests/list_nulls_test.o
# Shell commands "rhashtorture" and "rhashbench": the RCU hash table under a
# resizer that never rests; its lookups against a reader-writer lock's.
obj-$(CONFIG_TORTURE_TEST) += lib/tests/rhashtorture.o lib/tests/rhashbench.o
