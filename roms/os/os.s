; PMG Lab's own small operating system for Atari programs.
;
; Not Atari's OS and no part of it: written for PMG Lab from the public descriptions of what
; programs rely on (the memory map in "Mapping the Atari", the Altirra Hardware Reference
; Manual). It does what games expect of the OS once they run:
;   - reset: chips quiet, shadow registers and vectors set, a blank 40-column text screen
;     (display list at $BC20, screen at $BC40, as the real OS makes with 48 KiB), VBI on;
;   - NMI: a display-list interrupt goes through VDSLST, a vertical blank through VVBLKI;
;   - the vertical-blank stage SYSVBV: RTCLOK, attract mode kept off, the shadow registers
;     (SDMCTL, SDLSTL/H, GPRIOR, PCOLR0-3, COLOR0-4, CHBAS, CHACT) copied to the chips,
;     joysticks, triggers, console keys and the keyboard read into STICK0-1, STRIG0-1, CH;
;     then the deferred stage through VVBLKD, which ends with XITVBV;
;   - SETVBV to change the VBI vectors;
;   - IRQ: BRK goes through VBREAK (by default a trap PMG Lab reports), other IRQs are
;     acknowledged and ignored (PMG Lab raises none).
; Every other documented entry point (CIO, SIO, the device handlers...) is a trap: a JAM
; instruction that stops the CPU, and PMG Lab names the entry the program called.
; The character set is PMG Lab's own (roms/font.rom) at $E000, where CHBASE $E0 finds it.

; ---- hardware ------------------------------------------------------------------------------
HPOSP0  = $D000
M0PF    = $D000
TRIG0   = $D010
TRIG1   = $D011
COLPM0  = $D012
COLPF0  = $D016
COLBK   = $D01A
PRIOR   = $D01B
GRACTL  = $D01D
HITCLR  = $D01E
CONSOL  = $D01F
AUDF1   = $D200
KBCODE  = $D209
IRQEN   = $D20E
IRQST   = $D20E
SKSTAT  = $D20F
SKCTL   = $D20F
PORTA   = $D300
PACTL   = $D302
DMACTL  = $D400
CHACTL  = $D401
DLISTL  = $D402
DLISTH  = $D403
CHBASE  = $D409
NMIEN   = $D40E
NMIST   = $D40F
NMIRES  = $D40F

; ---- OS variables (the addresses programs know) ---------------------------------------------
RTCLOK  = $12           ; 3 bytes, frame counter, high byte first
ATRACT  = $4D
SAVMSC  = $58
RAMTOP  = $6A
VDSLST  = $0200
VBREAK  = $0206
VIMIRQ  = $0216
CDTMV1  = $0218
VVBLKI  = $0222
VVBLKD  = $0224
SDMCTL  = $022F
SDLSTL  = $0230
SDLSTH  = $0231
GPRIOR  = $026F
STICK0  = $0278
STICK1  = $0279
STRIG0  = $0284
STRIG1  = $0285
PCOLR0  = $02C0
COLOR0  = $02C4
COLOR4  = $02C8
MEMTOP  = $02E5
MEMLO   = $02E7
CHACT   = $02F3
CHBAS   = $02F4
CH      = $02FC
CH1     = $02F2
CONSOLS = $02FD         ; (not an Atari OS location: kept free) 

SCREEN_DL   = $BC20
SCREEN_DATA = $BC40

.segment "LOW"
; Nothing lives below the character set; the space is ROM filled with $FF.

.segment "FONT"
        .incbin "font.rom"

; ---- the jump table at $E450 (each entry 3 bytes, as programs call them) ----------------------
; Entries PMG Lab provides jump to their code; the others stop the CPU with a JAM ($02) at the
; entry's own address, which PMG Lab turns into "the program called CIOV ($E456)...".
.segment "JUMPS"
DISKIV: .byte $02, 0, 0         ; $E450
DSKINV: .byte $02, 0, 0         ; $E453
CIOV:   .byte $02, 0, 0         ; $E456
SIOV:   .byte $02, 0, 0         ; $E459
SETVBV: jmp   setvbv            ; $E45C
SYSVBV: jmp   sysvbv            ; $E45F
XITVBV: jmp   xitvbv            ; $E462
SIOINV: .byte $02, 0, 0         ; $E465
SENDEV: .byte $02, 0, 0         ; $E468
INTINV: .byte $02, 0, 0         ; $E46B
CIOINV: .byte $02, 0, 0         ; $E46E
BLKBDV: .byte $02, 0, 0         ; $E471
WARMSV: jmp   reset             ; $E474
COLDSV: jmp   reset             ; $E477
RBLOKV: .byte $02, 0, 0         ; $E47A
CSOPIV: .byte $02, 0, 0         ; $E47D
; PMG Lab's own entries (fixed addresses, see src/core/AtariOs.h).
OS_READY:                       ; $E480: the OS waits here; an INIT routine returns here
        jmp   OS_READY
PROGRAM_END:                    ; $E483: a program's main routine that returns ends here
        jmp   PROGRAM_END
BRK_TRAP:                       ; $E486: VBREAK's default: a BRK the program does not handle
        .byte $02

.segment "CODE"
; ---- reset ---------------------------------------------------------------------------------
reset:  sei
        cld
        ldx   #$FF
        txs
        lda   #0
        sta   NMIEN
        sta   DMACTL
        sta   IRQEN
        ; GTIA: positions, sizes, shapes, colours, PRIOR, VDELAY, GRACTL all zero.
        ldx   #$1D
@gtia:  sta   HPOSP0,x
        dex
        bpl   @gtia
        sta   HITCLR
        ; page 2 and 3 OS variables zero (RAM is clear at power-on; this is for WARMSV).
        ldx   #0
@page2: sta   $0200,x
        sta   $0300,x
        dex
        bne   @page2
        sta   RTCLOK
        sta   RTCLOK+1
        sta   RTCLOK+2
        sta   ATRACT
        lda   #$3C              ; PIA: port A as input (joysticks)
        sta   PACTL
        lda   #3                ; POKEY out of its init state
        sta   SKCTL
        ; vectors
        lda   #<dli_rti
        sta   VDSLST
        lda   #>dli_rti
        sta   VDSLST+1
        lda   #<BRK_TRAP
        sta   VBREAK
        lda   #>BRK_TRAP
        sta   VBREAK+1
        lda   #<irq_ignore
        sta   VIMIRQ
        lda   #>irq_ignore
        sta   VIMIRQ+1
        lda   #<sysvbv
        sta   VVBLKI
        lda   #>sysvbv
        sta   VVBLKI+1
        lda   #<xitvbv
        sta   VVBLKD
        lda   #>xitvbv
        sta   VVBLKD+1
        ; colours as the real OS leaves them
        ldx   #4
@col:   lda   colour_defaults,x
        sta   COLOR0,x
        dex
        bpl   @col
        lda   #$E0
        sta   CHBAS
        lda   #2
        sta   CHACT
        lda   #$FF
        sta   CH
        sta   CH1
        ; memory bounds and the screen
        lda   #$C0
        sta   RAMTOP
        lda   #<SCREEN_DATA
        sta   SAVMSC
        lda   #>SCREEN_DATA
        sta   SAVMSC+1
        lda   #$00
        sta   MEMLO
        lda   #$07
        sta   MEMLO+1
        lda   #<(SCREEN_DL-1)
        sta   MEMTOP
        lda   #>(SCREEN_DL-1)
        sta   MEMTOP+1
        ldx   #display_list_end-display_list-1
@dl:    lda   display_list,x
        sta   SCREEN_DL,x
        dex
        bpl   @dl
        lda   #<SCREEN_DL
        sta   SDLSTL
        lda   #>SCREEN_DL
        sta   SDLSTH
        lda   #$22              ; normal playfield, display-list DMA
        sta   SDMCTL
        lda   #$40              ; vertical-blank interrupts on
        sta   NMIEN
        cli
        jmp   OS_READY

colour_defaults:
        .byte $28, $CA, $94, $46, $00

display_list:
        .byte $70, $70, $70
        .byte $42, <SCREEN_DATA, >SCREEN_DATA
        .repeat 23
        .byte $02
        .endrepeat
        .byte $41, <SCREEN_DL, >SCREEN_DL
display_list_end:

; ---- interrupts ----------------------------------------------------------------------------
nmi:    bit   NMIST
        bpl   @vbi
        jmp   (VDSLST)          ; display-list interrupt
@vbi:   cld
        pha
        txa
        pha
        tya
        pha
        sta   NMIRES
        jmp   (VVBLKI)

dli_rti:
        rti

irq:    pha
        ; BRK pushed P with B set: tell it from a hardware IRQ by the copy on the stack.
        txa
        pha
        tsx
        lda   $0103,x
        and   #$10
        bne   @brk
        pla
        tax
        jmp   (VIMIRQ)
@brk:   pla
        tax
        pla
        jmp   (VBREAK)

irq_ignore:
        lda   #0                ; acknowledge whatever POKEY raised (PMG Lab raises nothing)
        sta   IRQEN
        pla
        rti

; ---- vertical blank ------------------------------------------------------------------------
; Stage 1 (immediate): the clock, attract mode off, shadows to the chips, controllers.
sysvbv: inc   RTCLOK+2
        bne   @clk
        inc   RTCLOK+1
        bne   @clk
        inc   RTCLOK
@clk:   lda   #0
        sta   ATRACT
        lda   SDLSTL
        sta   DLISTL
        lda   SDLSTH
        sta   DLISTH
        lda   SDMCTL
        sta   DMACTL
        lda   GPRIOR
        sta   PRIOR
        lda   CHACT
        sta   CHACTL
        lda   CHBAS
        sta   CHBASE
        ldx   #8
@col:   lda   PCOLR0,x
        sta   COLPM0,x
        dex
        bpl   @col
        lda   #8                ; console speaker off
        sta   CONSOL
        lda   PORTA
        tax
        and   #$0F
        sta   STICK0
        txa
        lsr
        lsr
        lsr
        lsr
        sta   STICK1
        lda   TRIG0
        sta   STRIG0
        lda   TRIG1
        sta   STRIG1
        ; the keyboard (the real OS takes it in an IRQ; a key held is seen once per press)
        lda   SKSTAT
        and   #$04
        bne   @nokey
        lda   KBCODE
        cmp   CH1
        beq   @keydone
        sta   CH
        sta   CH1
        jmp   @keydone
@nokey: lda   #$FF
        sta   CH1
@keydone:
        jmp   (VVBLKD)

; Ends the deferred stage: the registers NMI saved, and back to the program.
xitvbv: pla
        tay
        pla
        tax
        pla
        rti

; SETVBV: A = 6 immediate (VVBLKI) or 7 deferred (VVBLKD), X = high byte, Y = low byte.
; (The real OS also sets the countdown timers with A = 1-5; PMG Lab's keeps no timers.)
setvbv: cmp   #6
        beq   @imm
        cmp   #7
        bne   @done
        sty   VVBLKD
        stx   VVBLKD+1
        rts
@imm:   sty   VVBLKI
        stx   VVBLKI+1
@done:  rts

.segment "VECTORS"
        .word nmi, reset, irq
