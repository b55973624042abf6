; SPDX-License-Identifier: GPL-2.0
;
; Multiboot2 header and the 32-bit entry point.  GRUB enters _start in
; 32-bit protected mode with paging off, EAX = multiboot2 magic and
; EBX = physical address of the boot information.  We build a temporary
; set of page tables that identity-map the first GiB and map it again at
; KERNEL_VMA (-2 GiB), switch to long mode and jump to the higher half.
; The C code (kernel/arch/paging.c) later replaces these tables with the
; final ones: direct map, read-only text, NX data.  The application
; processors reuse the temporary tables on their way in (trampoline.asm).

%define KERNEL_VMA	0xffffffff80000000
%define MB2_MAGIC	0xe85250d6
%define MB2_ARCH_I386	0

section .multiboot
align 8
mb2_header:
	dd MB2_MAGIC
	dd MB2_ARCH_I386
	dd mb2_header_end - mb2_header
	dd 0x100000000 - (MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
	; end tag (type 0, flags 0, size 8)
	align 8
	dw 0
	dw 0
	dd 8
mb2_header_end:

section .boot.bss nobits alloc write
align 4096
global boot_pml4
boot_pml4:	resb 4096
boot_pdpt_low:	resb 4096
boot_pdpt_high:	resb 4096
boot_pd:	resb 4096
boot_stack32:	resb 4096
boot_stack32_top:

section .boot.data progbits alloc write
align 16
boot_gdt:
	dq 0
	dq 0x00af9a000000ffff		; 0x08: 64-bit code
	dq 0x00cf92000000ffff		; 0x10: data
boot_gdt_end:
global boot_gdtr
boot_gdtr:
	dw boot_gdt_end - boot_gdt - 1
	dq boot_gdt

section .boot.text progbits alloc exec
bits 32
global _start
_start:
	cli
	cld
	mov esp, boot_stack32_top
	mov edi, eax			; multiboot2 magic -> 1st C argument
	mov esi, ebx			; boot information -> 2nd C argument

	; zero the temporary page tables (GRUB zeroes bss, but be sure)
	push edi
	mov edi, boot_pml4
	xor eax, eax
	mov ecx, 4 * 4096 / 4
	rep stosd
	pop edi

	mov eax, boot_pdpt_low
	or eax, 3
	mov [boot_pml4], eax
	mov eax, boot_pdpt_high
	or eax, 3
	mov [boot_pml4 + 511 * 8], eax
	mov eax, boot_pd
	or eax, 3
	mov [boot_pdpt_low], eax
	mov [boot_pdpt_high + 510 * 8], eax

	; 512 x 2 MiB pages: physical 0..1 GiB
	xor ecx, ecx
.fill_pd:
	mov eax, ecx
	shl eax, 21
	or eax, 0x83			; present, writable, 2 MiB
	mov [boot_pd + ecx * 8], eax
	inc ecx
	cmp ecx, 512
	jne .fill_pd

	mov eax, boot_pml4
	mov cr3, eax
	mov eax, cr4
	or eax, (1 << 5)		; PAE
	mov cr4, eax
	mov ecx, 0xc0000080		; EFER
	rdmsr
	or eax, (1 << 8) | (1 << 11)	; LME, NXE
	wrmsr
	mov eax, cr0
	or eax, (1 << 31) | (1 << 16)	; PG, WP
	mov cr0, eax

	lgdt [boot_gdtr]
	jmp 0x08:.long_mode

bits 64
.long_mode:
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov ss, ax
	xor eax, eax
	mov fs, ax
	mov gs, ax
	mov rax, higher_half
	jmp rax

section .text
extern start_kernel
global boot_stack_top
higher_half:
	mov rsp, boot_stack_top
	xor ebp, ebp
	mov edi, edi			; zero-extend the C arguments
	mov esi, esi
	call start_kernel
.hang:
	cli
	hlt
	jmp .hang

section .bss
align 4096
global boot_stack
boot_stack:	resb 16384
boot_stack_top:

; Application processors arrive here from the trampoline, still on the
; boot page tables (which map the kernel image at KERNEL_VMA too).  Switch
; to the kernel's tables and to the stack the BSP allocated, then enter C.
section .text
extern ap_entry
extern ap_boot_cr3
extern ap_boot_stack
global ap_start64
ap_start64:
	mov rax, [rel ap_boot_cr3]
	mov cr3, rax
	mov rsp, [rel ap_boot_stack]
	xor ebp, ebp
	call ap_entry
.ap_hang:
	cli
	hlt
	jmp .ap_hang
