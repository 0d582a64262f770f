; A WSYNC kernel: the main loop waits for scan line 32, then for 128 lines writes HPOSM0 after
; every STA WSYNC, so missile 0 (GRAFM written once, no DMA) draws a zig-zag down the screen.
; The screen has a vertical PF2 bar (inverse spaces in the OS's text screen, column 20) that
; the zig-zag crosses. After the kernel the loop reads M0PF (the colours the missile touched in
; this frame), keeps it at RESULT ($0600), counts frames at FRAMES ($0601) and clears the
; latches at the top of the next frame.
        .include "atari.inc"

RESULT  = $0600
FRAMES  = $0601

        .zeropage
ptr:    .res 2

        .code
        .export start
start:  lda   #$03              ; missile 0: two pixels, straight from GRAFM
        sta   GRAFM
        lda   #$46
        sta   PCOLR0
        lda   #0
        sta   FRAMES
        ; the bar: column 20 of rows 4-19 of the OS's text screen
        lda   SAVMSC
        clc
        adc   #<(4*40+20)
        sta   ptr
        lda   SAVMSC+1
        adc   #>(4*40+20)
        sta   ptr+1
        ldx   #16
@bar:   ldy   #0
        lda   #$80
        sta   (ptr),y
        lda   ptr
        clc
        adc   #40
        sta   ptr
        bcc   @nc
        inc   ptr+1
@nc:    dex
        bne   @bar

frame:  lda   VCOUNT            ; wait for the top of the frame (lines 0-1)
        bne   frame
        sta   HITCLR
@w32:   lda   VCOUNT            ; then for line 32-33
        cmp   #16
        bne   @w32
        ldx   #0
kernel: lda   zigzag,x          ; 4 cycles
        sta   WSYNC             ; wait for the horizontal blank
        sta   HPOSM0            ; lands in the blank before the next line
        inx
        cpx   #128
        bne   kernel
@w248:  lda   VCOUNT            ; the picture is done at line 248
        cmp   #124
        bne   @w248
        lda   M0PF
        sta   RESULT
        inc   FRAMES
        jmp   frame

; Clock $70 to $8F and back, 2 clocks a line: crosses the bar at column 20 (clocks $80-$83).
zigzag:
        .repeat 2
        .repeat 16, i
        .byte $70 + i * 2
        .endrepeat
        .repeat 16, i
        .byte $90 - i * 2
        .endrepeat
        .endrepeat
        .repeat 64
        .byte $40
        .endrepeat
