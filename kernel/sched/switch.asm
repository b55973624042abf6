; SPDX-License-Identifier: GPL-2.0
;
; Context switch between two kernel tasks.
;
; struct task_struct *__switch_to_asm(unsigned long *prev_sp,
;				      unsigned long next_sp,
;				      struct task_struct *prev);
;
; Saves the callee-saved registers on the current stack, stores the stack
; pointer in *prev_sp, loads next_sp and restores the registers saved
; there.  Everything else is caller-saved, so the C caller in __schedule()
; sees a normal function return, on the next task's stack.  The third
; argument is handed through in rdx and returned in rax: the resumed task
; learns which task ran on this CPU before it.
;
; A new task's stack is built by kthread_create() to look like a switched-
; out one whose return address is ret_from_kthread, with r12 = the task.

bits 64
default rel
section .text

extern schedule_tail
extern kthread_main

global __switch_to_asm
__switch_to_asm:
	push	rbp
	push	rbx
	push	r12
	push	r13
	push	r14
	push	r15
	mov	[rdi], rsp
	mov	rsp, rsi
	pop	r15
	pop	r14
	pop	r13
	pop	r12
	pop	rbx
	pop	rbp
	mov	rax, rdx
	ret

; First code of a new kthread.  rax = the previous task, r12 = this task,
; rsp 16-byte aligned.
global ret_from_kthread
ret_from_kthread:
	mov	rdi, rax
	call	schedule_tail
	mov	rdi, r12
	call	kthread_main
	ud2

section .note.GNU-stack noalloc noexec nowrite progbits
