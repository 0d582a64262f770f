; Four players out of one: display-list interrupts reuse player 0 in four horizontal bands.
; Player 0's shape fills the whole screen height (player DMA, every line $3C), so without the
; DLIs it would be one tall stripe. The OS's vertical blank sets band 0's position and colour;
; a DLI at the end of bands 0, 1 and 2 moves it and recolours it for the next band (after STA
; WSYNC, in the horizontal blank). Each DLI also reads P0PF, the playfield colours this copy
; of P0 touched, into RESULTS+band, and clears the latches with HITCLR for the next band:
; "which copy of P0 hit what". The playfield (mode D) has a PF0 block in band 1 and a PF1 block
; in band 2 under the copies placed there; bands 0 and 3 are clear.
;   RESULTS ($0600-$0603): P0PF of bands 0-3, refreshed every frame.
        .include "atari.inc"

RESULTS = $0600
SCREEN  = $4000         ; 96 mode D lines of 40 bytes
PMB     = $30           ; single-line P/M memory at $3000: player 0 at $3400

        .zeropage
band:   .res 1
ptr:    .res 2

        .code
        .export start
start:  lda   #0
        sta   SDMCTL
        ; player 0: $3C on every line; players 1-3 and missiles empty
        ldx   #0
@pm:    lda   #$3C
        sta   $3400,x
        lda   #0
        sta   $3300,x
        sta   $3500,x
        sta   $3600,x
        sta   $3700,x
        inx
        bne   @pm
        ; the screen: clear, then a PF0 block in band 1 and a PF1 block in band 2
        lda   #<SCREEN
        sta   ptr
        lda   #>SCREEN
        sta   ptr+1
        ldx   #15
        ldy   #0
        tya
@clr:   sta   (ptr),y
        iny
        bne   @clr
        inc   ptr+1
        dex
        bne   @clr
        ldx   #0
@blk:   lda   #$55              ; four PF0 pixels
        sta   SCREEN+30*40+8,x  ; band 1 (mode lines 24-47), line 30
        lda   #$AA              ; four PF1 pixels
        sta   SCREEN+54*40+20,x ; band 2 (mode lines 48-71), line 54
        inx
        cpx   #4
        bne   @blk
        lda   #<dl
        sta   SDLSTL
        lda   #>dl
        sta   SDLSTL+1
        lda   #<dli
        sta   VDSLST
        lda   #>dli
        sta   VDSLST+1
        lda   #PMB
        sta   PMBASE
        lda   #2
        sta   GRACTL            ; players from DMA
        lda   #$28
        sta   COLOR0
        lda   #$CA
        sta   COLOR0+1
        lda   #$3E              ; normal playfield, P/M DMA single line, display list
        sta   SDMCTL
        lda   #7
        ldy   #<vbi
        ldx   #>vbi
        jsr   SETVBV
        lda   #$C0              ; DLIs and the vertical blank
        sta   NMIEN
loop:   jmp   loop

; Deferred vertical blank: band 0's copy, and the latches cleared for it.
vbi:    lda   #0
        sta   band
        lda   xpos
        sta   HPOSP0
        lda   colour
        sta   PCOLR0
        sta   HITCLR
        jmp   XITVBV

; End of a band: what this copy hit, then the next copy.
dli:    pha
        txa
        pha
        ldx   band
        lda   P0PF
        sta   RESULTS,x
        sta   HITCLR
        inx
        stx   band
        cpx   #4
        bcs   @done
        lda   xpos,x
        ldy   colour,x
        sta   WSYNC
        sta   HPOSP0
        sty   COLPM0
@done:  pla
        tax
        pla
        rti

; Mode D bytes are 4 colour clocks from $30: the PF0 block (bytes 8-11) covers $50-$5F, the
; PF1 block (bytes 20-23) $80-$8F. The shape $3C lights clocks x+2 to x+5 of each copy.
xpos:   .byte $40, $5C, $84, $B0     ; band 1 reaches $5E-$5F (PF0), band 2 $86-$89 (PF1)
colour: .byte $46, $86, $C6, $1A

; 24 blank lines, then four bands of 24 mode D lines (48 scan lines each), a DLI on the last
; line of each band.
dl:     .byte $70, $70, $70
        .byte $4D, <SCREEN, >SCREEN
        .repeat 22
        .byte $0D
        .endrepeat
        .byte $8D                     ; end of band 0
        .repeat 3
        .repeat 23
        .byte $0D
        .endrepeat
        .byte $8D                     ; end of bands 1, 2, 3
        .endrepeat
        .byte $41, <dl, >dl
