; Self-checking 6502 functional test for PMG Lab's Cpu6502.
; Loaded at $0400; the test harness points RESET at $0400 and IRQ/BRK at $0409.
; Ends at SUCCESS ($0403, a JMP to itself) or FAIL ($0406, a JMP to itself) with the number of
; the failing check in zero-page byte TESTNUM ($02).

TESTNUM = $02
ZP      = $10             ; zero-page scratch $10-$1F
PTR     = $20             ; pointers $20-$23
ABS     = $0300           ; absolute scratch $0300-$03FF

.macro  T n               ; start check n
        lda #n
        sta TESTNUM
.endmacro
.macro  FAIL_IF_NE
        beq :+
        jmp fail
:
.endmacro
.macro  EXPECT_A v
        cmp #v
        FAIL_IF_NE
.endmacro
.macro  EXPECT_X v
        cpx #v
        FAIL_IF_NE
.endmacro
.macro  EXPECT_Y v
        cpy #v
        FAIL_IF_NE
.endmacro
.macro  EXPECT_P mask, v  ; flags under mask (A is clobbered)
        php
        pla
        and #mask
        cmp #v
        FAIL_IF_NE
.endmacro
.macro  EXPECT_C v         ; carry only; A, X, Y kept (CMP would change C, so check it first)
    .if v
        bcs :+
    .else
        bcc :+
    .endif
        jmp fail
:
.endmacro
.macro  EXPECT_MEM addr, v
        lda addr
        cmp #v
        FAIL_IF_NE
.endmacro

.segment "CODE"
        jmp start
success: jmp success
fail:   jmp fail
irq:    jmp brk_handler

start:  cld
        ldx #$FF
        txs
        ; ---- loads, every mode ----
        T 1
        lda #$80
        EXPECT_P $82, $80
        lda #$00
        EXPECT_P $82, $02
        T 2
        lda #$11
        sta ZP
        lda #$22
        sta ZP+1
        lda #$33
        sta ABS
        lda #$44
        sta ABS+$FF
        lda #<ABS
        sta PTR
        lda #>ABS
        sta PTR+1
        lda ZP
        EXPECT_A $11
        ldx #1
        lda ZP,x
        EXPECT_A $22
        lda ABS
        EXPECT_A $33
        ldx #$FF
        lda ABS,x
        EXPECT_A $44
        ldy #$FF
        lda ABS,y
        EXPECT_A $44
        T 3
        ldx #PTR-ZP
        lda (ZP,x)
        EXPECT_A $33
        ldy #$FF
        lda (PTR),y
        EXPECT_A $44
        ; page crossing index: $02FF + 1 = $0300
        lda #$FF
        sta PTR+2
        lda #$02
        sta PTR+3
        ldy #1
        lda (PTR+2),y
        EXPECT_A $33
        ldx #1
        lda $02FF,x
        EXPECT_A $33
        T 4
        ldx ZP
        EXPECT_X $11
        ldy #1
        ldx ZP,y
        EXPECT_X $22
        ldx ABS
        EXPECT_X $33
        ldy #$FF
        ldx ABS,y
        EXPECT_X $44
        ldx #$55
        EXPECT_X $55
        ldy ZP
        EXPECT_Y $11
        ldx #1
        ldy ZP,x
        EXPECT_Y $22
        ldy ABS
        EXPECT_Y $33
        ldx #$FF
        ldy ABS,x
        EXPECT_Y $44
        ldy #$66
        EXPECT_Y $66
        ; ---- stores, every mode ----
        T 5
        lda #$A1
        sta ZP+2
        ldx #3
        lda #$A2
        sta ZP,x
        lda #$A3
        sta ABS+2
        lda #$A4
        sta ABS,x
        ldy #4
        lda #$A5
        sta ABS,y
        EXPECT_MEM ZP+2, $A1
        EXPECT_MEM ZP+3, $A2
        EXPECT_MEM ABS+2, $A3
        EXPECT_MEM ABS+3, $A4
        EXPECT_MEM ABS+4, $A5
        T 6
        ldx #PTR-ZP
        lda #$B1
        sta (ZP,x)
        EXPECT_MEM ABS, $B1
        ldy #5
        lda #$B2
        sta (PTR),y
        EXPECT_MEM ABS+5, $B2
        ldx #$C1
        stx ZP+4
        ldy #1
        stx ZP+4,y
        stx ABS+6
        ldy #$C2
        sty ZP+6
        ldx #1
        sty ZP+6,x
        sty ABS+7
        EXPECT_MEM ZP+4, $C1
        EXPECT_MEM ZP+5, $C1
        EXPECT_MEM ABS+6, $C1
        EXPECT_MEM ZP+6, $C2
        EXPECT_MEM ZP+7, $C2
        EXPECT_MEM ABS+7, $C2
        ; ---- transfers, inc/dec registers ----
        T 7
        lda #$80
        tax
        EXPECT_X $80
        tay
        EXPECT_Y $80
        lda #0
        txa
        EXPECT_A $80
        lda #0
        tya
        EXPECT_A $80
        tsx
        EXPECT_X $FF
        ldx #$FE
        txs
        tsx
        EXPECT_X $FE
        ldx #$FF
        txs
        ldx #$FF
        inx
        EXPECT_P $82, $02
        dex
        EXPECT_X $FF
        ldy #$7F
        iny
        EXPECT_P $82, $80
        dey
        EXPECT_Y $7F
        ; ---- logic ----
        T 8
        lda #$F0
        and #$3C
        EXPECT_A $30
        ora #$03
        EXPECT_A $33
        eor #$FF
        EXPECT_A $CC
        lda #$0F
        sta ZP+8
        lda #$FF
        and ZP+8
        ora ABS+2        ; $A3
        EXPECT_A $AF
        ldx #8
        eor ZP,x
        EXPECT_A $A0
        ldy #2
        and ABS,y
        EXPECT_A $A0
        ldx #PTR-ZP
        ora (ZP,x)       ; $B1
        EXPECT_A $B1
        ldy #5
        eor (PTR),y      ; $B2
        EXPECT_A $03
        ldx #2
        ora ABS,x        ; $A3
        EXPECT_A $A3
        ; ---- BIT ----
        T 9
        lda #$C0
        sta ZP+9
        lda #$01
        bit ZP+9
        EXPECT_P $C2, $C2
        lda #$40
        bit ZP+9
        EXPECT_P $C2, $C0
        lda #$00
        sta ABS+8
        bit ABS+8
        EXPECT_P $C2, $02
        ; ---- ADC/SBC binary ----
        T 10
        clc
        lda #$50
        adc #$50
        EXPECT_P $C3, $C0
        clc
        lda #$FF
        adc #$01
        EXPECT_P $C3, $03
        sec
        lda #$00
        sbc #$01
        EXPECT_P $C3, $80
        sec
        lda #$80
        sbc #$01
        EXPECT_P $C3, $41
        T 11
        lda #$05
        sta ZP+10
        clc
        lda #$10
        adc ZP+10
        ldx #10
        adc ZP,x
        EXPECT_A $1A
        sec
        sbc ZP+10
        EXPECT_A $15
        ldy #2
        sec
        sbc ABS,y        ; $15 - $A3 = $72, borrow
        EXPECT_C 0
        EXPECT_A $72
        ; ---- decimal mode ----
        T 12
        sed
        clc
        lda #$58
        adc #$46
        EXPECT_C 1
        EXPECT_A $04
        sec
        lda #$00
        sbc #$01
        EXPECT_C 0
        EXPECT_A $99
        clc
        lda #$09
        adc #$01
        EXPECT_A $10
        cld
        ; ---- compares ----
        T 13
        lda #$40
        cmp #$40
        EXPECT_P $83, $03
        lda #$40
        cmp #$41
        EXPECT_P $83, $80
        ldx #$40
        cpx #$30
        EXPECT_P $83, $01
        ldy #$40
        cpy #$40
        EXPECT_P $83, $03
        lda #$A3
        cmp ABS+2
        EXPECT_P $03, $03
        ldx #$11
        cpx ZP
        EXPECT_P $03, $03
        cpx ABS+2
        EXPECT_P $01, $00
        ldy #$11
        cpy ZP
        EXPECT_P $03, $03
        cpy ABS+2
        EXPECT_P $01, $00
        ; ---- shifts and rotates, accumulator and memory ----
        T 14
        lda #$81
        asl a
        EXPECT_C 1
        EXPECT_A $02
        lsr a
        EXPECT_C 0
        EXPECT_A $01
        sec
        ror a
        EXPECT_C 1
        EXPECT_A $80
        clc
        rol a
        EXPECT_C 1
        EXPECT_A $00
        T 15
        lda #$81
        sta ZP+11
        asl ZP+11
        EXPECT_MEM ZP+11, $02
        ldx #11
        lsr ZP,x
        EXPECT_MEM ZP+11, $01
        sec
        rol ABS+9
        EXPECT_MEM ABS+9, $01
        ldx #9
        clc
        ror ABS,x
        EXPECT_P $03, $03
        EXPECT_MEM ABS+9, $00
        asl ABS+9
        lsr ABS+9
        clc
        rol ZP+11
        ror ZP+11
        EXPECT_MEM ZP+11, $01
        ldx #9
        asl ABS,x
        lsr ABS,x
        ldx #11
        clc
        rol ZP,x
        ror ZP,x
        EXPECT_MEM ZP+11, $01
        ; ---- inc/dec memory ----
        T 16
        lda #$FF
        sta ZP+12
        inc ZP+12
        EXPECT_P $02, $02
        ldx #12
        dec ZP,x
        EXPECT_MEM ZP+12, $FF
        inc ABS+10
        ldx #10
        inc ABS,x
        dec ABS+10
        EXPECT_MEM ABS+10, $01
        dec ABS,x
        EXPECT_MEM ABS+10, $00
        ; ---- branches: each taken and not ----
        T 17
        lda #$80         ; N=1 Z=0
        bpl bad
        bmi :+
        jmp fail
:       beq bad
        bne :+
        jmp fail
:       clc
        bcs bad
        bcc :+
        jmp fail
:       clv
        bvs bad
        bvc :+
        jmp fail
:       lda #$00
        bmi bad
        bpl :+
bad:    jmp fail
:       bne bad
        beq :+
        jmp fail
:       sec
        bcc bad
        bcs :+
        jmp fail
:       lda #$7F
        adc #$00         ; $7F + 0 + C = $80: V
        bvc bad
        bvs :+
        jmp fail
        ; ---- flags ----
:       T 18
        sec
        sed
        sei
        EXPECT_P $0D, $0D
        clc
        cld
        cli
        EXPECT_P $0D, $00
        ; ---- stack ----
        T 19
        lda #$5A
        pha
        lda #$00
        pla
        EXPECT_A $5A
        lda #$FF
        pha
        plp
        EXPECT_P $CF, $CF
        lda #$00
        pha
        plp
        php
        pla
        EXPECT_A $30     ; PHP pushes B and U set
        ; ---- JSR/RTS, JMP absolute and indirect ----
        T 20
        ldx #0
        jsr sub
        EXPECT_X $01
        lda #<jmp_target
        sta ABS+$20
        lda #>jmp_target
        sta ABS+$21
        jmp (ABS+$20)
        jmp fail
jmp_target:
        jmp jmp_abs
        jmp fail
jmp_abs:
        ; ---- BRK and RTI ----
        T 21
        ldy #0
        brk
        .byte $EA        ; BRK's padding byte, skipped on return
        EXPECT_C 1       ; RTI restored the P the handler changed on the stack (C set)
        EXPECT_Y $01
        ; ---- ADC, SBC and CMP in the modes not used above; NOP ----
        T 22
        nop
        clc
        lda #$01
        adc ABS+10       ; ABS+10 is 0 after check 16
        ldx #10
        adc ABS,x
        ldy #10
        adc ABS,y
        ldx #PTR-ZP
        adc (ZP,x)       ; ABS holds $B1
        ldy #10
        adc (PTR),y
        EXPECT_A $B2
        sec
        sbc ABS+10
        ldx #10
        sbc ABS,x
        ldy #10
        sbc ABS,y
        ldx #PTR-ZP
        sbc (ZP,x)       ; $B2 - $B1
        ldy #10
        sbc (PTR),y
        EXPECT_C 1
        EXPECT_A $01
        ldx #10
        sec
        sbc ZP,x         ; ZP+10 holds $05: $01 - $05 = $FC, borrow
        EXPECT_C 0
        EXPECT_A $FC
        lda #$11
        cmp ZP
        FAIL_IF_NE
        ldx #0
        cmp ZP,x
        FAIL_IF_NE
        lda #$A3
        ldx #2
        cmp ABS,x
        FAIL_IF_NE
        ldy #2
        cmp ABS,y
        FAIL_IF_NE
        lda #$B1
        ldx #PTR-ZP
        cmp (ZP,x)
        FAIL_IF_NE
        ldy #0
        cmp (PTR),y
        FAIL_IF_NE
        jmp success

sub:    inx
        rts

brk_handler:
        iny
        tsx
        lda $0101,x      ; pushed P: must have B set
        and #$10
        beq :+
        lda $0101,x
        ora #$01         ; return with C set
        sta $0101,x
        rti
:       jmp fail
