; A JVB with the DLI bit: the display list is three blank instructions and then the JVB, with
; its DLI bit set, on scan line 32. ANTIC keeps that bit while it waits for the vertical blank
; and ends a one-line row on every line, so the DLI comes on every line from 32 to 247, not
; once. The DLI handler moves player 0 one colour clock right for the next line (after STA
; WSYNC, in the horizontal blank), so player 0 (GRAFP0 written once, no DMA) draws a diagonal
; from line 33 down, across player 1, a vertical bar at clock $A0. The deferred vertical blank
; keeps P0PL (bit 1: player 0 met player 1) and the number of DLIs of the frame, puts player 0
; back at $60 and clears the latches. With one DLI a frame player 0 would stay at $60, a bar
; beside player 1, and P0PL would be 0.
;   RESULT ($0600): P0PL of the last frame ($02)
;   DLIS   ($0601): the DLIs of the last frame (216: lines 32-247)
        .include "atari.inc"

RESULT  = $0600
DLIS    = $0601
START_X = $60

        .zeropage
xpos:   .res 1
count:  .res 1

        .code
        .export start
start:  lda   #$F0              ; player 0: four clocks wide, straight from GRAFP0
        sta   GRAFP0
        lda   #$18              ; player 1: clocks $A3-$A4
        sta   GRAFP1
        lda   #$A0
        sta   HPOSP1
        lda   #START_X
        sta   xpos
        sta   HPOSP0
        lda   #$46
        sta   PCOLR0
        lda   #$C6
        sta   PCOLR0+1
        lda   #0
        sta   count
        lda   #<dl
        sta   SDLSTL
        lda   #>dl
        sta   SDLSTL+1
        lda   #<dli
        sta   VDSLST
        lda   #>dli
        sta   VDSLST+1
        lda   #7
        ldy   #<vbi
        ldx   #>vbi
        jsr   SETVBV
        lda   #$C0              ; DLIs and the vertical blank
        sta   NMIEN
loop:   jmp   loop

; Deferred vertical blank: what the frame saw, then player 0 back to the top of its diagonal.
vbi:    lda   P0PL
        sta   RESULT
        lda   count
        sta   DLIS
        lda   #0
        sta   count
        lda   #START_X
        sta   xpos
        sta   HPOSP0
        sta   HITCLR
        jmp   XITVBV

; Every line from 32 on: one clock right for the next line. The store lands in the horizontal
; blank after WSYNC, and the handler returns before the next line's DLI (cycle 8).
dli:    pha
        inc   xpos
        inc   count
        lda   xpos
        sta   WSYNC
        sta   HPOSP0
        pla
        rti

dl:     .byte $70, $70, $70
        .byte $C1, <dl, >dl      ; JVB with the DLI bit
