; SPDX-License-Identifier: GPL-2.0
;
; Application-processor trampoline.  kernel/arch/smp.c copies this blob
; to physical TRAMPOLINE_PHYS (0x8000) and sends INIT-SIPI-SIPI with
; vector 0x08; the AP starts here in real mode at 0800:0000.  It walks up
; through protected mode into long mode using the boot page tables
; (which identity-map low memory), then jumps to the higher-half C entry
; with the stack the BSP left in tr_stack.  The BSP starts one AP at a
; time, so one set of parameters is enough.

%define TRAMPOLINE_PHYS	0x8000
%define TR(x)		((x) - trampoline_start + TRAMPOLINE_PHYS)

section .trampoline progbits alloc noexec nowrite
bits 16
global trampoline_start
trampoline_start:
	cli
	cld
	xor ax, ax
	mov ds, ax
	mov es, ax
	mov ss, ax
	lgdt [TR(tr_gdtr)]
	mov eax, cr0
	or eax, 1			; PE
	mov cr0, eax
	jmp dword 0x08:TR(tr_pm32)

bits 32
tr_pm32:
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov ss, ax
	mov eax, cr4
	or eax, (1 << 5)		; PAE
	mov cr4, eax
	mov eax, [TR(tr_cr3)]
	mov cr3, eax
	mov ecx, 0xc0000080		; EFER
	rdmsr
	or eax, (1 << 8) | (1 << 11)	; LME, NXE
	wrmsr
	mov eax, cr0
	or eax, (1 << 31) | (1 << 16)	; PG, WP
	mov cr0, eax
	jmp 0x18:TR(tr_lm64)

bits 64
tr_lm64:
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov ss, ax
	xor eax, eax
	mov fs, ax
	mov gs, ax
	mov rsp, [TR(tr_stack)]
	mov rax, [TR(tr_entry)]
	xor ebp, ebp
	jmp rax

align 8
tr_gdt:
	dq 0
	dq 0x00cf9a000000ffff		; 0x08: 32-bit code
	dq 0x00cf92000000ffff		; 0x10: data
	dq 0x00af9a000000ffff		; 0x18: 64-bit code
tr_gdt_end:
tr_gdtr:
	dw tr_gdt_end - tr_gdt - 1
	dd TR(tr_gdt)
align 8
global tr_cr3, tr_stack, tr_entry
tr_cr3:		dq 0
tr_stack:	dq 0
tr_entry:	dq 0
global trampoline_end
trampoline_end:
