# kbuild-objs.mk: read after scripts/Makefile.build (make -f Makefile.build
# -f kbuild-objs.mk obj=DIR ... kbuild-objs), prints the objects the
# configuration builds from DIR's Kbuild file: the members of composite
# objects (which may sit in subdirectories without a Makefile of their
# own) rather than the composites, and neither subdirectories nor archives.
kbuild-objs:
	@echo $(filter-out %/built-in.a %/modules.order %/,$(real-obj-y) $(real-obj-m) $(lib-y) $(lib-m))
