; SPDX-License-Identifier: GPL-2.0
;
; Interrupt and exception entry.  Every vector has a stub that makes the
; stack look the same (a zero error code where the CPU pushes none, then
; the vector number) and jumps to interrupt_common, which saves the
; general registers as a struct pt_regs and calls do_interrupt(regs).
; There is no user mode, so no swapgs: GS always holds the per-CPU base.

section .text

extern do_interrupt

%macro ISR_NOERR 1
isr_%1:
	push qword 0
	push qword %1
	jmp interrupt_common
%endmacro

%macro ISR_ERR 1
isr_%1:
	push qword %1
	jmp interrupt_common
%endmacro

interrupt_common:
	cld
	push rax
	push rbx
	push rcx
	push rdx
	push rsi
	push rdi
	push rbp
	push r8
	push r9
	push r10
	push r11
	push r12
	push r13
	push r14
	push r15
	mov rdi, rsp
	; A frame record for the interrupted context (saved rbp, rip), so a
	; backtrace taken in the handler walks on into the interrupted code.
	push qword [rsp + 17 * 8]
	push rbp
	mov rbp, rsp
	call do_interrupt
	add rsp, 16
	pop r15
	pop r14
	pop r13
	pop r12
	pop r11
	pop r10
	pop r9
	pop r8
	pop rbp
	pop rdi
	pop rsi
	pop rdx
	pop rcx
	pop rbx
	pop rax
	add rsp, 16
	iretq

%assign v 0
%rep 256
%if v = 8 || v = 10 || v = 11 || v = 12 || v = 13 || v = 14 || v = 17 || v = 21 || v = 29 || v = 30
	ISR_ERR v
%else
	ISR_NOERR v
%endif
%assign v v + 1
%endrep

section .rodata
global isr_stub_table
align 8
isr_stub_table:
%assign v 0
%rep 256
	dq isr_ %+ v
%assign v v + 1
%endrep
