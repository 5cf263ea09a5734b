Problem:    
Rows:       1195
Columns:    1132 (1132 integer, 1132 binary)
Non-zeros:  7999
Status:     INTEGER OPTIMAL
Objective:  obj = 0 (MINimum)

   No.   Row name        Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 r1c1                        1             1             = 
     2 r1c2                        1             1             = 
     3 r1c3                        1             1             = 
     4 r1c4                        1             1             = 
     5 r1c5                        1             1             = 
     6 r1c6                        1             1             = 
     7 r1c7                        1             1             = 
     8 r1c8                        1             1             = 
     9 r1c9                        1             1             = 
    10 r2c1                        1             1             = 
    11 r2c2                        1             1             = 
    12 r2c3                        1             1             = 
    13 r2c4                        1             1             = 
    14 r2c5                        1             1             = 
    15 r2c6                        1             1             = 
    16 r2c7                        1             1             = 
    17 r2c8                        1             1             = 
    18 r2c9                        1             1             = 
    19 r3c1                        1             1             = 
    20 r3c2                        1             1             = 
    21 r3c3                        1             1             = 
    22 r3c4                        1             1             = 
    23 r3c5                        1             1             = 
    24 r3c6                        1             1             = 
    25 r3c7                        1             1             = 
    26 r3c8                        1             1             = 
    27 r3c9                        1             1             = 
    28 r4c1                        1             1             = 
    29 r4c2                        1             1             = 
    30 r4c3                        1             1             = 
    31 r4c4                        1             1             = 
    32 r4c5                        1             1             = 
    33 r4c6                        1             1             = 
    34 r4c7                        1             1             = 
    35 r4c8                        1             1             = 
    36 r4c9                        1             1             = 
    37 r5c1                        1             1             = 
    38 r5c2                        1             1             = 
    39 r5c3                        1             1             = 
    40 r5c4                        1             1             = 
    41 r5c5                        1             1             = 
    42 r5c6                        1             1             = 
    43 r5c7                        1             1             = 
    44 r5c8                        1             1             = 
    45 r5c9                        1             1             = 
    46 r6c1                        1             1             = 
    47 r6c2                        1             1             = 
    48 r6c3                        1             1             = 
    49 r6c4                        1             1             = 
    50 r6c5                        1             1             = 
    51 r6c6                        1             1             = 
    52 r6c7                        1             1             = 
    53 r6c8                        1             1             = 
    54 r6c9                        1             1             = 
    55 r7c1                        1             1             = 
    56 r7c2                        1             1             = 
    57 r7c3                        1             1             = 
    58 r7c4                        1             1             = 
    59 r7c5                        1             1             = 
    60 r7c6                        1             1             = 
    61 r7c7                        1             1             = 
    62 r7c8                        1             1             = 
    63 r7c9                        1             1             = 
    64 r8c1                        1             1             = 
    65 r8c2                        1             1             = 
    66 r8c3                        1             1             = 
    67 r8c4                        1             1             = 
    68 r8c5                        1             1             = 
    69 r8c6                        1             1             = 
    70 r8c7                        1             1             = 
    71 r8c8                        1             1             = 
    72 r8c9                        1             1             = 
    73 r9c1                        1             1             = 
    74 r9c2                        1             1             = 
    75 r9c3                        1             1             = 
    76 r9c4                        1             1             = 
    77 r9c5                        1             1             = 
    78 r9c6                        1             1             = 
    79 r9c7                        1             1             = 
    80 r9c8                        1             1             = 
    81 r9c9                        1             1             = 
    82 r1_1                        1             1             = 
    83 r1_2                        1             1             = 
    84 r1_3                        1             1             = 
    85 r1_4                        1             1             = 
    86 r1_5                        1             1             = 
    87 r1_6                        1             1             = 
    88 r1_7                        1             1             = 
    89 r1_8                        1             1             = 
    90 r1_9                        1             1             = 
    91 r2_1                        1             1             = 
    92 r2_2                        1             1             = 
    93 r2_3                        1             1             = 
    94 r2_4                        1             1             = 
    95 r2_5                        1             1             = 
    96 r2_6                        1             1             = 
    97 r2_7                        1             1             = 
    98 r2_8                        1             1             = 
    99 r2_9                        1             1             = 
   100 r3_1                        1             1             = 
   101 r3_2                        1             1             = 
   102 r3_3                        1             1             = 
   103 r3_4                        1             1             = 
   104 r3_5                        1             1             = 
   105 r3_6                        1             1             = 
   106 r3_7                        1             1             = 
   107 r3_8                        1             1             = 
   108 r3_9                        1             1             = 
   109 r4_1                        1             1             = 
   110 r4_2                        1             1             = 
   111 r4_3                        1             1             = 
   112 r4_4                        1             1             = 
   113 r4_5                        1             1             = 
   114 r4_6                        1             1             = 
   115 r4_7                        1             1             = 
   116 r4_8                        1             1             = 
   117 r4_9                        1             1             = 
   118 r5_1                        1             1             = 
   119 r5_2                        1             1             = 
   120 r5_3                        1             1             = 
   121 r5_4                        1             1             = 
   122 r5_5                        1             1             = 
   123 r5_6                        1             1             = 
   124 r5_7                        1             1             = 
   125 r5_8                        1             1             = 
   126 r5_9                        1             1             = 
   127 r6_1                        1             1             = 
   128 r6_2                        1             1             = 
   129 r6_3                        1             1             = 
   130 r6_4                        1             1             = 
   131 r6_5                        1             1             = 
   132 r6_6                        1             1             = 
   133 r6_7                        1             1             = 
   134 r6_8                        1             1             = 
   135 r6_9                        1             1             = 
   136 r7_1                        1             1             = 
   137 r7_2                        1             1             = 
   138 r7_3                        1             1             = 
   139 r7_4                        1             1             = 
   140 r7_5                        1             1             = 
   141 r7_6                        1             1             = 
   142 r7_7                        1             1             = 
   143 r7_8                        1             1             = 
   144 r7_9                        1             1             = 
   145 r8_1                        1             1             = 
   146 r8_2                        1             1             = 
   147 r8_3                        1             1             = 
   148 r8_4                        1             1             = 
   149 r8_5                        1             1             = 
   150 r8_6                        1             1             = 
   151 r8_7                        1             1             = 
   152 r8_8                        1             1             = 
   153 r8_9                        1             1             = 
   154 r9_1                        1             1             = 
   155 r9_2                        1             1             = 
   156 r9_3                        1             1             = 
   157 r9_4                        1             1             = 
   158 r9_5                        1             1             = 
   159 r9_6                        1             1             = 
   160 r9_7                        1             1             = 
   161 r9_8                        1             1             = 
   162 r9_9                        1             1             = 
   163 c1_1                        1             1             = 
   164 c1_2                        1             1             = 
   165 c1_3                        1             1             = 
   166 c1_4                        1             1             = 
   167 c1_5                        1             1             = 
   168 c1_6                        1             1             = 
   169 c1_7                        1             1             = 
   170 c1_8                        1             1             = 
   171 c1_9                        1             1             = 
   172 c2_1                        1             1             = 
   173 c2_2                        1             1             = 
   174 c2_3                        1             1             = 
   175 c2_4                        1             1             = 
   176 c2_5                        1             1             = 
   177 c2_6                        1             1             = 
   178 c2_7                        1             1             = 
   179 c2_8                        1             1             = 
   180 c2_9                        1             1             = 
   181 c3_1                        1             1             = 
   182 c3_2                        1             1             = 
   183 c3_3                        1             1             = 
   184 c3_4                        1             1             = 
   185 c3_5                        1             1             = 
   186 c3_6                        1             1             = 
   187 c3_7                        1             1             = 
   188 c3_8                        1             1             = 
   189 c3_9                        1             1             = 
   190 c4_1                        1             1             = 
   191 c4_2                        1             1             = 
   192 c4_3                        1             1             = 
   193 c4_4                        1             1             = 
   194 c4_5                        1             1             = 
   195 c4_6                        1             1             = 
   196 c4_7                        1             1             = 
   197 c4_8                        1             1             = 
   198 c4_9                        1             1             = 
   199 c5_1                        1             1             = 
   200 c5_2                        1             1             = 
   201 c5_3                        1             1             = 
   202 c5_4                        1             1             = 
   203 c5_5                        1             1             = 
   204 c5_6                        1             1             = 
   205 c5_7                        1             1             = 
   206 c5_8                        1             1             = 
   207 c5_9                        1             1             = 
   208 c6_1                        1             1             = 
   209 c6_2                        1             1             = 
   210 c6_3                        1             1             = 
   211 c6_4                        1             1             = 
   212 c6_5                        1             1             = 
   213 c6_6                        1             1             = 
   214 c6_7                        1             1             = 
   215 c6_8                        1             1             = 
   216 c6_9                        1             1             = 
   217 c7_1                        1             1             = 
   218 c7_2                        1             1             = 
   219 c7_3                        1             1             = 
   220 c7_4                        1             1             = 
   221 c7_5                        1             1             = 
   222 c7_6                        1             1             = 
   223 c7_7                        1             1             = 
   224 c7_8                        1             1             = 
   225 c7_9                        1             1             = 
   226 c8_1                        1             1             = 
   227 c8_2                        1             1             = 
   228 c8_3                        1             1             = 
   229 c8_4                        1             1             = 
   230 c8_5                        1             1             = 
   231 c8_6                        1             1             = 
   232 c8_7                        1             1             = 
   233 c8_8                        1             1             = 
   234 c8_9                        1             1             = 
   235 c9_1                        1             1             = 
   236 c9_2                        1             1             = 
   237 c9_3                        1             1             = 
   238 c9_4                        1             1             = 
   239 c9_5                        1             1             = 
   240 c9_6                        1             1             = 
   241 c9_7                        1             1             = 
   242 c9_8                        1             1             = 
   243 c9_9                        1             1             = 
   244 b1_1                        1             1             = 
   245 b1_2                        1             1             = 
   246 b1_3                        1             1             = 
   247 b1_4                        1             1             = 
   248 b1_5                        1             1             = 
   249 b1_6                        1             1             = 
   250 b1_7                        1             1             = 
   251 b1_8                        1             1             = 
   252 b1_9                        1             1             = 
   253 b2_1                        1             1             = 
   254 b2_2                        1             1             = 
   255 b2_3                        1             1             = 
   256 b2_4                        1             1             = 
   257 b2_5                        1             1             = 
   258 b2_6                        1             1             = 
   259 b2_7                        1             1             = 
   260 b2_8                        1             1             = 
   261 b2_9                        1             1             = 
   262 b3_1                        1             1             = 
   263 b3_2                        1             1             = 
   264 b3_3                        1             1             = 
   265 b3_4                        1             1             = 
   266 b3_5                        1             1             = 
   267 b3_6                        1             1             = 
   268 b3_7                        1             1             = 
   269 b3_8                        1             1             = 
   270 b3_9                        1             1             = 
   271 b4_1                        1             1             = 
   272 b4_2                        1             1             = 
   273 b4_3                        1             1             = 
   274 b4_4                        1             1             = 
   275 b4_5                        1             1             = 
   276 b4_6                        1             1             = 
   277 b4_7                        1             1             = 
   278 b4_8                        1             1             = 
   279 b4_9                        1             1             = 
   280 b5_1                        1             1             = 
   281 b5_2                        1             1             = 
   282 b5_3                        1             1             = 
   283 b5_4                        1             1             = 
   284 b5_5                        1             1             = 
   285 b5_6                        1             1             = 
   286 b5_7                        1             1             = 
   287 b5_8                        1             1             = 
   288 b5_9                        1             1             = 
   289 b6_1                        1             1             = 
   290 b6_2                        1             1             = 
   291 b6_3                        1             1             = 
   292 b6_4                        1             1             = 
   293 b6_5                        1             1             = 
   294 b6_6                        1             1             = 
   295 b6_7                        1             1             = 
   296 b6_8                        1             1             = 
   297 b6_9                        1             1             = 
   298 b7_1                        1             1             = 
   299 b7_2                        1             1             = 
   300 b7_3                        1             1             = 
   301 b7_4                        1             1             = 
   302 b7_5                        1             1             = 
   303 b7_6                        1             1             = 
   304 b7_7                        1             1             = 
   305 b7_8                        1             1             = 
   306 b7_9                        1             1             = 
   307 b8_1                        1             1             = 
   308 b8_2                        1             1             = 
   309 b8_3                        1             1             = 
   310 b8_4                        1             1             = 
   311 b8_5                        1             1             = 
   312 b8_6                        1             1             = 
   313 b8_7                        1             1             = 
   314 b8_8                        1             1             = 
   315 b8_9                        1             1             = 
   316 b9_1                        1             1             = 
   317 b9_2                        1             1             = 
   318 b9_3                        1             1             = 
   319 b9_4                        1             1             = 
   320 b9_5                        1             1             = 
   321 b9_6                        1             1             = 
   322 b9_7                        1             1             = 
   323 b9_8                        1             1             = 
   324 b9_9                        1             1             = 
   325 sandwich1_sum1
                                   0             0             = 
   326 sandwich1_sum2
                                   0             0             = 
   327 sandwich1_sum3
                                   0             0             = 
   328 sandwich1_sum4
                                   0             0             = 
   329 sandwich1_sum5
                                   0             0             = 
   330 sandwich1_sum6
                                   0             0             = 
   331 sandwich1_sum7
                                   0             0             = 
   332 sandwich1_sum8
                                   0             0             = 
   333 sandwich1_sum9
                                   0             0             = 
   334 sandwich1_sum10
                                   1             0               
   335 sandwich1_sum11
                                   0             0               
   336 sandwich1_sum12
                                   0             0               
   337 sandwich1_sum13
                                   0             0               
   338 sandwich1_sum14
                                   0             0               
   339 sandwich1_sum15
                                   0             0               
   340 sandwich1_sum16
                                   1             0               
   341 sandwich1_sum17
                                   1             0               
   342 sandwich1_sum18
                                   0             0               
   343 sandwich1_sum19
                                   0             0               
   344 sandwich1_sum20
                                   0             0               
   345 sandwich1_sum21
                                   0             0               
   346 sandwich1_sum22
                                   1             0               
   347 sandwich1_sum23
                                   1             0               
   348 sandwich1_sum24
                                   0             0               
   349 sandwich1_sum25
                                   0             0               
   350 sandwich1_sum26
                                   0             0               
   351 sandwich1_sum27
                                   0             0               
   352 sandwich1_sum28
                                   1             0               
   353 sandwich1_sum29
                                   0             0               
   354 sandwich1_sum30
                                   1             0               
   355 sandwich1_sum31
                                   0             0               
   356 sandwich1_sum32
                                   0             0               
   357 sandwich1_sum33
                                   0             0               
   358 sandwich1_sum34
                                   1             0               
   359 sandwich1_sum35
                                   1             0               
   360 sandwich1_sum36
                                   0             0               
   361 sandwich1_sum37
                                   0             0               
   362 sandwich1_sum38
                                   0             0               
   363 sandwich1_sum39
                                   0             0               
   364 sandwich1_sum40
                                   0             0               
   365 sandwich1_sum41
                                   0             0               
   366 sandwich1_sum42
                                   0             0               
   367 sandwich1_sum43
                                   1             0               
   368 sandwich1_sum44
                                   0             0               
   369 sandwich1_sum45
                                   0             0               
   370 sandwich1_sum46
                                   0             0               
   371 sandwich1_sum47
                                   1             0               
   372 sandwich1_sum48
                                   1             0               
   373 sandwich1_sum49
                                   0             0               
   374 sandwich1_sum50
                                   0             0               
   375 sandwich1_sum51
                                   0             0               
   376 sandwich1_sum52
                                   0             0               
   377 sandwich1_sum53
                                   1             0               
   378 sandwich1_sum54
                                   1             0               
   379 sandwich1_sum55
                                   0             0               
   380 sandwich1_sum56
                                   0             0               
   381 sandwich1_sum57
                                   0             0               
   382 sandwich1_sum58
                                   0             0               
   383 sandwich1_sum59
                                   1             0               
   384 sandwich1_sum60
                                   1             0               
   385 sandwich1_sum61
                                   1             0               
   386 sandwich1_sum62
                                   0             0               
   387 sandwich1_sum63
                                   0             0               
   388 sandwich1_sum64
                                   0             0               
   389 sandwich1_sum65
                                   1             0               
   390 sandwich1_sum66
                                   1             0               
   391 sandwich1_sum67
                                   0             0               
   392 sandwich2_sum1
                                   0             0             = 
   393 sandwich2_sum2
                                   0             0             = 
   394 sandwich2_sum3
                                   0             0             = 
   395 sandwich2_sum4
                                   0             0             = 
   396 sandwich2_sum5
                                   0             0             = 
   397 sandwich2_sum6
                                   0             0             = 
   398 sandwich2_sum7
                                   0             0             = 
   399 sandwich2_sum8
                                   0             0             = 
   400 sandwich2_sum9
                                   0             0             = 
   401 sandwich2_sum10
                                   1             0               
   402 sandwich2_sum11
                                   0             0               
   403 sandwich2_sum12
                                   0             0               
   404 sandwich2_sum13
                                   1             0               
   405 sandwich2_sum14
                                   0             0               
   406 sandwich2_sum15
                                   0             0               
   407 sandwich2_sum16
                                   0             0               
   408 sandwich2_sum17
                                   1             0               
   409 sandwich2_sum18
                                   1             0               
   410 sandwich2_sum19
                                   0             0               
   411 sandwich2_sum20
                                   1             0               
   412 sandwich2_sum21
                                   0             0               
   413 sandwich2_sum22
                                   0             0               
   414 sandwich2_sum23
                                   0             0               
   415 sandwich2_sum24
                                   1             0               
   416 sandwich2_sum25
                                   0             0               
   417 sandwich2_sum26
                                   1             0               
   418 sandwich2_sum27
                                   0             0               
   419 sandwich2_sum28
                                   0             0               
   420 sandwich2_sum29
                                   1             0               
   421 sandwich2_sum30
                                   0             0               
   422 sandwich2_sum31
                                   1             0               
   423 sandwich2_sum32
                                   0             0               
   424 sandwich2_sum33
                                   1             0               
   425 sandwich2_sum34
                                   0             0               
   426 sandwich2_sum35
                                   0             0               
   427 sandwich2_sum36
                                   0             0               
   428 sandwich2_sum37
                                   1             0               
   429 sandwich2_sum38
                                   0             0               
   430 sandwich2_sum39
                                   0             0               
   431 sandwich2_sum40
                                   0             0               
   432 sandwich2_sum41
                                   0             0               
   433 sandwich2_sum42
                                   1             0               
   434 sandwich2_sum43
                                   0             0               
   435 sandwich2_sum44
                                   1             0               
   436 sandwich2_sum45
                                   1             0               
   437 sandwich2_sum46
                                   0             0               
   438 sandwich2_sum47
                                   0             0               
   439 sandwich2_sum48
                                   0             0               
   440 sandwich2_sum49
                                   0             0               
   441 sandwich2_sum50
                                   1             0               
   442 sandwich2_sum51
                                   1             0               
   443 sandwich2_sum52
                                   0             0               
   444 sandwich2_sum53
                                   0             0               
   445 sandwich2_sum54
                                   0             0               
   446 sandwich2_sum55
                                   0             0               
   447 sandwich2_sum56
                                   0             0               
   448 sandwich2_sum57
                                   0             0               
   449 sandwich2_sum58
                                   0             0               
   450 sandwich2_sum59
                                   0             0               
   451 sandwich2_sum60
                                   0             0               
   452 sandwich2_sum61
                                   0             0               
   453 sandwich2_sum62
                                   0             0               
   454 sandwich2_sum63
                                   0             0               
   455 sandwich2_sum64
                                   1             0               
   456 sandwich2_sum65
                                   0             0               
   457 sandwich2_sum66
                                   1             0               
   458 sandwich2_sum67
                                   0             0               
   459 sandwich3_sum1
                                   0             0             = 
   460 sandwich3_sum2
                                   0             0             = 
   461 sandwich3_sum3
                                   0             0             = 
   462 sandwich3_sum4
                                   0             0             = 
   463 sandwich3_sum5
                                   0             0             = 
   464 sandwich3_sum6
                                   0             0             = 
   465 sandwich3_sum7
                                   0             0             = 
   466 sandwich3_sum8
                                   0             0             = 
   467 sandwich3_sum9
                                   0             0             = 
   468 sandwich3_sum10
                                   0             0               
   469 sandwich3_sum11
                                   0             0               
   470 sandwich3_sum12
                                   0             0               
   471 sandwich3_sum13
                                   1             0               
   472 sandwich3_sum14
                                   1             0               
   473 sandwich3_sum15
                                   0             0               
   474 sandwich3_sum16
                                   0             0               
   475 sandwich3_sum17
                                   0             0               
   476 sandwich3_sum18
                                   0             0               
   477 sandwich3_sum19
                                   1             0               
   478 sandwich3_sum20
                                   1             0               
   479 sandwich3_sum21
                                   1             0               
   480 sandwich3_sum22
                                   0             0               
   481 sandwich3_sum23
                                   0             0               
   482 sandwich3_sum24
                                   0             0               
   483 sandwich3_sum25
                                   0             0               
   484 sandwich3_sum26
                                   0             0               
   485 sandwich3_sum27
                                   0             0               
   486 sandwich3_sum28
                                   0             0               
   487 sandwich3_sum29
                                   0             0               
   488 sandwich3_sum30
                                   0             0               
   489 sandwich3_sum31
                                   0             0               
   490 sandwich3_sum32
                                   1             0               
   491 sandwich3_sum33
                                   1             0               
   492 sandwich3_sum34
                                   1             0               
   493 sandwich3_sum35
                                   0             0               
   494 sandwich3_sum36
                                   0             0               
   495 sandwich3_sum37
                                   0             0               
   496 sandwich3_sum38
                                   1             0               
   497 sandwich3_sum39
                                   1             0               
   498 sandwich3_sum40
                                   0             0               
   499 sandwich3_sum41
                                   0             0               
   500 sandwich3_sum42
                                   1             0               
   501 sandwich3_sum43
                                   0             0               
   502 sandwich3_sum44
                                   0             0               
   503 sandwich3_sum45
                                   1             0               
   504 sandwich3_sum46
                                   1             0               
   505 sandwich3_sum47
                                   0             0               
   506 sandwich3_sum48
                                   0             0               
   507 sandwich3_sum49
                                   0             0               
   508 sandwich3_sum50
                                   0             0               
   509 sandwich3_sum51
                                   1             0               
   510 sandwich3_sum52
                                   0             0               
   511 sandwich3_sum53
                                   0             0               
   512 sandwich3_sum54
                                   0             0               
   513 sandwich3_sum55
                                   1             0               
   514 sandwich3_sum56
                                   1             0               
   515 sandwich3_sum57
                                   0             0               
   516 sandwich3_sum58
                                   1             0               
   517 sandwich3_sum59
                                   0             0               
   518 sandwich3_sum60
                                   0             0               
   519 sandwich3_sum61
                                   0             0               
   520 sandwich3_sum62
                                   1             0               
   521 sandwich3_sum63
                                   0             0               
   522 sandwich3_sum64
                                   0             0               
   523 sandwich3_sum65
                                   0             0               
   524 sandwich3_sum66
                                   0             0               
   525 sandwich3_sum67
                                   0             0               
   526 sandwich4_sum1
                                   0             0             = 
   527 sandwich4_sum2
                                   0             0             = 
   528 sandwich4_sum3
                                   0             0             = 
   529 sandwich4_sum4
                                   0             0             = 
   530 sandwich4_sum5
                                   0             0             = 
   531 sandwich4_sum6
                                   0             0             = 
   532 sandwich4_sum7
                                   0             0             = 
   533 sandwich4_sum8
                                   0             0             = 
   534 sandwich4_sum9
                                   0             0             = 
   535 sandwich4_sum10
                                   0             0               
   536 sandwich4_sum11
                                   0             0               
   537 sandwich4_sum12
                                   0             0               
   538 sandwich4_sum13
                                   0             0               
   539 sandwich4_sum14
                                   0             0               
   540 sandwich4_sum15
                                   0             0               
   541 sandwich4_sum16
                                   0             0               
   542 sandwich4_sum17
                                   0             0               
   543 sandwich4_sum18
                                   0             0               
   544 sandwich4_sum19
                                   1             0               
   545 sandwich4_sum20
                                   1             0               
   546 sandwich4_sum21
                                   1             0               
   547 sandwich4_sum22
                                   0             0               
   548 sandwich4_sum23
                                   0             0               
   549 sandwich4_sum24
                                   0             0               
   550 sandwich4_sum25
                                   1             0               
   551 sandwich4_sum26
                                   0             0               
   552 sandwich4_sum27
                                   1             0               
   553 sandwich4_sum28
                                   0             0               
   554 sandwich4_sum29
                                   0             0               
   555 sandwich4_sum30
                                   0             0               
   556 sandwich4_sum31
                                   0             0               
   557 sandwich4_sum32
                                   1             0               
   558 sandwich4_sum33
                                   0             0               
   559 sandwich4_sum34
                                   1             0               
   560 sandwich4_sum35
                                   1             0               
   561 sandwich4_sum36
                                   0             0               
   562 sandwich4_sum37
                                   0             0               
   563 sandwich4_sum38
                                   0             0               
   564 sandwich4_sum39
                                   0             0               
   565 sandwich4_sum40
                                   1             0               
   566 sandwich4_sum41
                                   1             0               
   567 sandwich4_sum42
                                   0             0               
   568 sandwich4_sum43
                                   0             0               
   569 sandwich4_sum44
                                   1             0               
   570 sandwich4_sum45
                                   0             0               
   571 sandwich4_sum46
                                   0             0               
   572 sandwich4_sum47
                                   1             0               
   573 sandwich4_sum48
                                   1             0               
   574 sandwich4_sum49
                                   0             0               
   575 sandwich4_sum50
                                   1             0               
   576 sandwich4_sum51
                                   0             0               
   577 sandwich4_sum52
                                   0             0               
   578 sandwich4_sum53
                                   0             0               
   579 sandwich4_sum54
                                   1             0               
   580 sandwich4_sum55
                                   1             0               
   581 sandwich4_sum56
                                   0             0               
   582 sandwich4_sum57
                                   1             0               
   583 sandwich4_sum58
                                   0             0               
   584 sandwich4_sum59
                                   0             0               
   585 sandwich4_sum60
                                   0             0               
   586 sandwich4_sum61
                                   1             0               
   587 sandwich4_sum62
                                   0             0               
   588 sandwich4_sum63
                                   1             0               
   589 sandwich4_sum64
                                   0             0               
   590 sandwich4_sum65
                                   0             0               
   591 sandwich4_sum66
                                   0             0               
   592 sandwich4_sum67
                                   1             0               
   593 sandwich5_sum1
                                   0             0             = 
   594 sandwich5_sum2
                                   0             0             = 
   595 sandwich5_sum3
                                   0             0             = 
   596 sandwich5_sum4
                                   0             0             = 
   597 sandwich5_sum5
                                   0             0             = 
   598 sandwich5_sum6
                                   0             0             = 
   599 sandwich5_sum7
                                   0             0             = 
   600 sandwich5_sum8
                                   0             0             = 
   601 sandwich5_sum9
                                   0             0             = 
   602 sandwich5_sum10
                                   0             0               
   603 sandwich5_sum11
                                   0             0               
   604 sandwich5_sum12
                                   1             0               
   605 sandwich5_sum13
                                   0             0               
   606 sandwich5_sum14
                                   0             0               
   607 sandwich5_sum15
                                   1             0               
   608 sandwich5_sum16
                                   1             0               
   609 sandwich5_sum17
                                   0             0               
   610 sandwich5_sum18
                                   0             0               
   611 sandwich5_sum19
                                   1             0               
   612 sandwich5_sum20
                                   0             0               
   613 sandwich5_sum21
                                   0             0               
   614 sandwich5_sum22
                                   1             0               
   615 sandwich5_sum23
                                   0             0               
   616 sandwich5_sum24
                                   0             0               
   617 sandwich5_sum25
                                   1             0               
   618 sandwich5_sum26
                                   0             0               
   619 sandwich5_sum27
                                   0             0               
   620 sandwich5_sum28
                                   0             0               
   621 sandwich5_sum29
                                   1             0               
   622 sandwich5_sum30
                                   0             0               
   623 sandwich5_sum31
                                   1             0               
   624 sandwich5_sum32
                                   1             0               
   625 sandwich5_sum33
                                   0             0               
   626 sandwich5_sum34
                                   0             0               
   627 sandwich5_sum35
                                   0             0               
   628 sandwich5_sum36
                                   0             0               
   629 sandwich5_sum37
                                   1             0               
   630 sandwich5_sum38
                                   1             0               
   631 sandwich5_sum39
                                   0             0               
   632 sandwich5_sum40
                                   0             0               
   633 sandwich5_sum41
                                   0             0               
   634 sandwich5_sum42
                                   0             0               
   635 sandwich5_sum43
                                   0             0               
   636 sandwich5_sum44
                                   0             0               
   637 sandwich5_sum45
                                   0             0               
   638 sandwich5_sum46
                                   0             0               
   639 sandwich5_sum47
                                   0             0               
   640 sandwich5_sum48
                                   0             0               
   641 sandwich5_sum49
                                   0             0               
   642 sandwich5_sum50
                                   1             0               
   643 sandwich5_sum51
                                   0             0               
   644 sandwich5_sum52
                                   0             0               
   645 sandwich5_sum53
                                   1             0               
   646 sandwich5_sum54
                                   0             0               
   647 sandwich5_sum55
                                   1             0               
   648 sandwich5_sum56
                                   0             0               
   649 sandwich5_sum57
                                   1             0               
   650 sandwich5_sum58
                                   0             0               
   651 sandwich5_sum59
                                   0             0               
   652 sandwich5_sum60
                                   1             0               
   653 sandwich5_sum61
                                   0             0               
   654 sandwich5_sum62
                                   0             0               
   655 sandwich5_sum63
                                   1             0               
   656 sandwich5_sum64
                                   0             0               
   657 sandwich5_sum65
                                   0             0               
   658 sandwich5_sum66
                                   1             0               
   659 sandwich5_sum67
                                   0             0               
   660 sandwich6_sum1
                                   0             0             = 
   661 sandwich6_sum2
                                   0             0             = 
   662 sandwich6_sum3
                                   0             0             = 
   663 sandwich6_sum4
                                   0             0             = 
   664 sandwich6_sum5
                                   0             0             = 
   665 sandwich6_sum6
                                   0             0             = 
   666 sandwich6_sum7
                                   0             0             = 
   667 sandwich6_sum8
                                   0             0             = 
   668 sandwich6_sum9
                                   0             0             = 
   669 sandwich6_sum10
                                   0             0               
   670 sandwich6_sum11
                                   1             0               
   671 sandwich6_sum12
                                   0             0               
   672 sandwich6_sum13
                                   0             0               
   673 sandwich6_sum14
                                   0             0               
   674 sandwich6_sum15
                                   1             0               
   675 sandwich6_sum16
                                   0             0               
   676 sandwich6_sum17
                                   0             0               
   677 sandwich6_sum18
                                   1             0               
   678 sandwich6_sum19
                                   0             0               
   679 sandwich6_sum20
                                   1             0               
   680 sandwich6_sum21
                                   0             0               
   681 sandwich6_sum22
                                   1             0               
   682 sandwich6_sum23
                                   0             0               
   683 sandwich6_sum24
                                   0             0               
   684 sandwich6_sum25
                                   0             0               
   685 sandwich6_sum26
                                   0             0               
   686 sandwich6_sum27
                                   0             0               
   687 sandwich6_sum28
                                   0             0               
   688 sandwich6_sum29
                                   0             0               
   689 sandwich6_sum30
                                   0             0               
   690 sandwich6_sum31
                                   1             0               
   691 sandwich6_sum32
                                   0             0               
   692 sandwich6_sum33
                                   1             0               
   693 sandwich6_sum34
                                   0             0               
   694 sandwich6_sum35
                                   1             0               
   695 sandwich6_sum36
                                   0             0               
   696 sandwich6_sum37
                                   1             0               
   697 sandwich6_sum38
                                   0             0               
   698 sandwich6_sum39
                                   1             0               
   699 sandwich6_sum40
                                   0             0               
   700 sandwich6_sum41
                                   0             0               
   701 sandwich6_sum42
                                   0             0               
   702 sandwich6_sum43
                                   1             0               
   703 sandwich6_sum44
                                   1             0               
   704 sandwich6_sum45
                                   0             0               
   705 sandwich6_sum46
                                   1             0               
   706 sandwich6_sum47
                                   0             0               
   707 sandwich6_sum48
                                   0             0               
   708 sandwich6_sum49
                                   1             0               
   709 sandwich6_sum50
                                   0             0               
   710 sandwich6_sum51
                                   0             0               
   711 sandwich6_sum52
                                   1             0               
   712 sandwich6_sum53
                                   0             0               
   713 sandwich6_sum54
                                   0             0               
   714 sandwich6_sum55
                                   0             0               
   715 sandwich6_sum56
                                   1             0               
   716 sandwich6_sum57
                                   0             0               
   717 sandwich6_sum58
                                   1             0               
   718 sandwich6_sum59
                                   1             0               
   719 sandwich6_sum60
                                   0             0               
   720 sandwich6_sum61
                                   0             0               
   721 sandwich6_sum62
                                   1             0               
   722 sandwich6_sum63
                                   0             0               
   723 sandwich6_sum64
                                   1             0               
   724 sandwich6_sum65
                                   0             0               
   725 sandwich6_sum66
                                   0             0               
   726 sandwich6_sum67
                                   0             0               
   727 sandwich7_sum1
                                   0             0             = 
   728 sandwich7_sum2
                                   0             0             = 
   729 sandwich7_sum3
                                   0             0             = 
   730 sandwich7_sum4
                                   0             0             = 
   731 sandwich7_sum5
                                   0             0             = 
   732 sandwich7_sum6
                                   0             0             = 
   733 sandwich7_sum7
                                   0             0             = 
   734 sandwich7_sum8
                                   0             0             = 
   735 sandwich7_sum9
                                   0             0             = 
   736 sandwich7_sum10
                                   0             0               
   737 sandwich7_sum11
                                   1             0               
   738 sandwich7_sum12
                                   0             0               
   739 sandwich7_sum13
                                   0             0               
   740 sandwich7_sum14
                                   0             0               
   741 sandwich7_sum15
                                   1             0               
   742 sandwich7_sum16
                                   0             0               
   743 sandwich7_sum17
                                   1             0               
   744 sandwich7_sum18
                                   1             0               
   745 sandwich7_sum19
                                   0             0               
   746 sandwich7_sum20
                                   0             0               
   747 sandwich7_sum21
                                   0             0               
   748 sandwich7_sum22
                                   1             0               
   749 sandwich7_sum23
                                   1             0               
   750 sandwich7_sum24
                                   1             0               
   751 sandwich7_sum25
                                   0             0               
   752 sandwich7_sum26
                                   0             0               
   753 sandwich7_sum27
                                   0             0               
   754 sandwich7_sum28
                                   0             0               
   755 sandwich7_sum29
                                   0             0               
   756 sandwich7_sum30
                                   1             0               
   757 sandwich7_sum31
                                   1             0               
   758 sandwich7_sum32
                                   0             0               
   759 sandwich7_sum33
                                   0             0               
   760 sandwich7_sum34
                                   1             0               
   761 sandwich7_sum35
                                   0             0               
   762 sandwich7_sum36
                                   1             0               
   763 sandwich7_sum37
                                   0             0               
   764 sandwich7_sum38
                                   0             0               
   765 sandwich7_sum39
                                   0             0               
   766 sandwich7_sum40
                                   1             0               
   767 sandwich7_sum41
                                   0             0               
   768 sandwich7_sum42
                                   1             0               
   769 sandwich7_sum43
                                   1             0               
   770 sandwich7_sum44
                                   0             0               
   771 sandwich7_sum45
                                   0             0               
   772 sandwich7_sum46
                                   0             0               
   773 sandwich7_sum47
                                   1             0               
   774 sandwich7_sum48
                                   0             0               
   775 sandwich7_sum49
                                   1             0               
   776 sandwich7_sum50
                                   0             0               
   777 sandwich7_sum51
                                   0             0               
   778 sandwich7_sum52
                                   0             0               
   779 sandwich7_sum53
                                   1             0               
   780 sandwich7_sum54
                                   0             0               
   781 sandwich7_sum55
                                   0             0               
   782 sandwich7_sum56
                                   0             0               
   783 sandwich7_sum57
                                   0             0               
   784 sandwich7_sum58
                                   0             0               
   785 sandwich7_sum59
                                   0             0               
   786 sandwich7_sum60
                                   0             0               
   787 sandwich7_sum61
                                   0             0               
   788 sandwich7_sum62
                                   0             0               
   789 sandwich7_sum63
                                   0             0               
   790 sandwich7_sum64
                                   0             0               
   791 sandwich7_sum65
                                   1             0               
   792 sandwich7_sum66
                                   1             0               
   793 sandwich7_sum67
                                   0             0               
   794 sandwich8_sum1
                                   0             0             = 
   795 sandwich8_sum2
                                   0             0             = 
   796 sandwich8_sum3
                                   0             0             = 
   797 sandwich8_sum4
                                   0             0             = 
   798 sandwich8_sum5
                                   0             0             = 
   799 sandwich8_sum6
                                   0             0             = 
   800 sandwich8_sum7
                                   0             0             = 
   801 sandwich8_sum8
                                   0             0             = 
   802 sandwich8_sum9
                                   0             0             = 
   803 sandwich8_sum10
                                   1             0               
   804 sandwich8_sum11
                                   0             0               
   805 sandwich8_sum12
                                   0             0               
   806 sandwich8_sum13
                                   1             0               
   807 sandwich8_sum14
                                   0             0               
   808 sandwich8_sum15
                                   0             0               
   809 sandwich8_sum16
                                   0             0               
   810 sandwich8_sum17
                                   1             0               
   811 sandwich8_sum18
                                   0             0               
   812 sandwich8_sum19
                                   0             0               
   813 sandwich8_sum20
                                   1             0               
   814 sandwich8_sum21
                                   0             0               
   815 sandwich8_sum22
                                   1             0               
   816 sandwich8_sum23
                                   0             0               
   817 sandwich8_sum24
                                   0             0               
   818 sandwich8_sum25
                                   0             0               
   819 sandwich8_sum26
                                   1             0               
   820 sandwich8_sum27
                                   0             0               
   821 sandwich8_sum28
                                   1             0               
   822 sandwich8_sum29
                                   0             0               
   823 sandwich8_sum30
                                   0             0               
   824 sandwich8_sum31
                                   1             0               
   825 sandwich8_sum32
                                   0             0               
   826 sandwich8_sum33
                                   1             0               
   827 sandwich8_sum34
                                   0             0               
   828 sandwich8_sum35
                                   1             0               
   829 sandwich8_sum36
                                   0             0               
   830 sandwich8_sum37
                                   0             0               
   831 sandwich8_sum38
                                   0             0               
   832 sandwich8_sum39
                                   0             0               
   833 sandwich8_sum40
                                   0             0               
   834 sandwich8_sum41
                                   0             0               
   835 sandwich8_sum42
                                   0             0               
   836 sandwich8_sum43
                                   0             0               
   837 sandwich8_sum44
                                   1             0               
   838 sandwich8_sum45
                                   0             0               
   839 sandwich8_sum46
                                   1             0               
   840 sandwich8_sum47
                                   0             0               
   841 sandwich8_sum48
                                   1             0               
   842 sandwich8_sum49
                                   0             0               
   843 sandwich8_sum50
                                   1             0               
   844 sandwich8_sum51
                                   0             0               
   845 sandwich8_sum52
                                   0             0               
   846 sandwich8_sum53
                                   0             0               
   847 sandwich8_sum54
                                   1             0               
   848 sandwich8_sum55
                                   0             0               
   849 sandwich8_sum56
                                   0             0               
   850 sandwich8_sum57
                                   1             0               
   851 sandwich8_sum58
                                   1             0               
   852 sandwich8_sum59
                                   0             0               
   853 sandwich8_sum60
                                   0             0               
   854 sandwich8_sum61
                                   1             0               
   855 sandwich8_sum62
                                   0             0               
   856 sandwich8_sum63
                                   1             0               
   857 sandwich8_sum64
                                   1             0               
   858 sandwich8_sum65
                                   0             0               
   859 sandwich8_sum66
                                   0             0               
   860 sandwich8_sum67
                                   0             0               
   861 sandwich9_sum1
                                   0             0             = 
   862 sandwich9_sum2
                                   0             0             = 
   863 sandwich9_sum3
                                   0             0             = 
   864 sandwich9_sum4
                                   0             0             = 
   865 sandwich9_sum5
                                   0             0             = 
   866 sandwich9_sum6
                                   0             0             = 
   867 sandwich9_sum7
                                   0             0             = 
   868 sandwich9_sum8
                                   0             0             = 
   869 sandwich9_sum9
                                   0             0             = 
   870 sandwich9_sum10
                                   0             0               
   871 sandwich9_sum11
                                   0             0               
   872 sandwich9_sum12
                                   0             0               
   873 sandwich9_sum13
                                   0             0               
   874 sandwich9_sum14
                                   0             0               
   875 sandwich9_sum15
                                   0             0               
   876 sandwich9_sum16
                                   0             0               
   877 sandwich9_sum17
                                   0             0               
   878 sandwich9_sum18
                                   0             0               
   879 sandwich9_sum19
                                   1             0               
   880 sandwich9_sum20
                                   1             0               
   881 sandwich9_sum21
                                   1             0               
   882 sandwich9_sum22
                                   0             0               
   883 sandwich9_sum23
                                   0             0               
   884 sandwich9_sum24
                                   0             0               
   885 sandwich9_sum25
                                   1             0               
   886 sandwich9_sum26
                                   0             0               
   887 sandwich9_sum27
                                   1             0               
   888 sandwich9_sum28
                                   0             0               
   889 sandwich9_sum29
                                   1             0               
   890 sandwich9_sum30
                                   0             0               
   891 sandwich9_sum31
                                   0             0               
   892 sandwich9_sum32
                                   1             0               
   893 sandwich9_sum33
                                   0             0               
   894 sandwich9_sum34
                                   1             0               
   895 sandwich9_sum35
                                   0             0               
   896 sandwich9_sum36
                                   0             0               
   897 sandwich9_sum37
                                   0             0               
   898 sandwich9_sum38
                                   1             0               
   899 sandwich9_sum39
                                   0             0               
   900 sandwich9_sum40
                                   0             0               
   901 sandwich9_sum41
                                   0             0               
   902 sandwich9_sum42
                                   1             0               
   903 sandwich9_sum43
                                   0             0               
   904 sandwich9_sum44
                                   0             0               
   905 sandwich9_sum45
                                   1             0               
   906 sandwich9_sum46
                                   0             0               
   907 sandwich9_sum47
                                   0             0               
   908 sandwich9_sum48
                                   1             0               
   909 sandwich9_sum49
                                   0             0               
   910 sandwich9_sum50
                                   0             0               
   911 sandwich9_sum51
                                   0             0               
   912 sandwich9_sum52
                                   0             0               
   913 sandwich9_sum53
                                   0             0               
   914 sandwich9_sum54
                                   1             0               
   915 sandwich9_sum55
                                   1             0               
   916 sandwich9_sum56
                                   0             0               
   917 sandwich9_sum57
                                   1             0               
   918 sandwich9_sum58
                                   0             0               
   919 sandwich9_sum59
                                   0             0               
   920 sandwich9_sum60
                                   0             0               
   921 sandwich9_sum61
                                   1             0               
   922 sandwich9_sum62
                                   0             0               
   923 sandwich9_sum63
                                   1             0               
   924 sandwich9_sum64
                                   0             0               
   925 sandwich9_sum65
                                   0             0               
   926 sandwich9_sum66
                                   0             0               
   927 sandwich9_sum67
                                   1             0               
   928 sandwich10_sum1
                                   0             0             = 
   929 sandwich10_sum2
                                   0             0             = 
   930 sandwich10_sum3
                                   0             0             = 
   931 sandwich10_sum4
                                   0             0             = 
   932 sandwich10_sum5
                                   0             0             = 
   933 sandwich10_sum6
                                   0             0             = 
   934 sandwich10_sum7
                                   0             0             = 
   935 sandwich10_sum8
                                   0             0             = 
   936 sandwich10_sum9
                                   0             0             = 
   937 sandwich10_sum10
                                   0             0               
   938 sandwich10_sum11
                                   0             0               
   939 sandwich10_sum12
                                   0             0               
   940 sandwich10_sum13
                                   1             0               
   941 sandwich10_sum14
                                   1             0               
   942 sandwich10_sum15
                                   0             0               
   943 sandwich10_sum16
                                   0             0               
   944 sandwich10_sum17
                                   0             0               
   945 sandwich10_sum18
                                   0             0               
   946 sandwich10_sum19
                                   1             0               
   947 sandwich10_sum20
                                   1             0               
   948 sandwich10_sum21
                                   1             0               
   949 sandwich10_sum22
                                   0             0               
   950 sandwich10_sum23
                                   0             0               
   951 sandwich10_sum24
                                   0             0               
   952 sandwich10_sum25
                                   0             0               
   953 sandwich10_sum26
                                   0             0               
   954 sandwich10_sum27
                                   0             0               
   955 sandwich10_sum28
                                   0             0               
   956 sandwich10_sum29
                                   0             0               
   957 sandwich10_sum30
                                   0             0               
   958 sandwich10_sum31
                                   0             0               
   959 sandwich10_sum32
                                   1             0               
   960 sandwich10_sum33
                                   1             0               
   961 sandwich10_sum34
                                   1             0               
   962 sandwich10_sum35
                                   0             0               
   963 sandwich10_sum36
                                   0             0               
   964 sandwich10_sum37
                                   0             0               
   965 sandwich10_sum38
                                   1             0               
   966 sandwich10_sum39
                                   0             0               
   967 sandwich10_sum40
                                   1             0               
   968 sandwich10_sum41
                                   0             0               
   969 sandwich10_sum42
                                   0             0               
   970 sandwich10_sum43
                                   0             0               
   971 sandwich10_sum44
                                   1             0               
   972 sandwich10_sum45
                                   1             0               
   973 sandwich10_sum46
                                   0             0               
   974 sandwich10_sum47
                                   1             0               
   975 sandwich10_sum48
                                   0             0               
   976 sandwich10_sum49
                                   0             0               
   977 sandwich10_sum50
                                   1             0               
   978 sandwich10_sum51
                                   1             0               
   979 sandwich10_sum52
                                   0             0               
   980 sandwich10_sum53
                                   0             0               
   981 sandwich10_sum54
                                   0             0               
   982 sandwich10_sum55
                                   1             0               
   983 sandwich10_sum56
                                   0             0               
   984 sandwich10_sum57
                                   1             0               
   985 sandwich10_sum58
                                   1             0               
   986 sandwich10_sum59
                                   0             0               
   987 sandwich10_sum60
                                   0             0               
   988 sandwich10_sum61
                                   0             0               
   989 sandwich10_sum62
                                   0             0               
   990 sandwich10_sum63
                                   1             0               
   991 sandwich10_sum64
                                   0             0               
   992 sandwich10_sum65
                                   0             0               
   993 sandwich10_sum66
                                   0             0               
   994 sandwich10_sum67
                                   0             0               
   995 sandwich11_sum1
                                   0             0             = 
   996 sandwich11_sum2
                                   0             0             = 
   997 sandwich11_sum3
                                   0             0             = 
   998 sandwich11_sum4
                                   0             0             = 
   999 sandwich11_sum5
                                   0             0             = 
  1000 sandwich11_sum6
                                   0             0             = 
  1001 sandwich11_sum7
                                   0             0             = 
  1002 sandwich11_sum8
                                   0             0             = 
  1003 sandwich11_sum9
                                   0             0             = 
  1004 sandwich11_sum10
                                   0             0               
  1005 sandwich11_sum11
                                   1             0               
  1006 sandwich11_sum12
                                   1             0               
  1007 sandwich11_sum13
                                   0             0               
  1008 sandwich11_sum14
                                   0             0               
  1009 sandwich11_sum15
                                   0             0               
  1010 sandwich11_sum16
                                   1             0               
  1011 sandwich11_sum17
                                   0             0               
  1012 sandwich11_sum18
                                   1             0               
  1013 sandwich11_sum19
                                   1             0               
  1014 sandwich11_sum20
                                   0             0               
  1015 sandwich11_sum21
                                   0             0               
  1016 sandwich11_sum22
                                   0             0               
  1017 sandwich11_sum23
                                   0             0               
  1018 sandwich11_sum24
                                   0             0               
  1019 sandwich11_sum25
                                   1             0               
  1020 sandwich11_sum26
                                   0             0               
  1021 sandwich11_sum27
                                   0             0               
  1022 sandwich11_sum28
                                   0             0               
  1023 sandwich11_sum29
                                   1             0               
  1024 sandwich11_sum30
                                   1             0               
  1025 sandwich11_sum31
                                   0             0               
  1026 sandwich11_sum32
                                   1             0               
  1027 sandwich11_sum33
                                   0             0               
  1028 sandwich11_sum34
                                   0             0               
  1029 sandwich11_sum35
                                   0             0               
  1030 sandwich11_sum36
                                   1             0               
  1031 sandwich11_sum37
                                   0             0               
  1032 sandwich11_sum38
                                   0             0               
  1033 sandwich11_sum39
                                   0             0               
  1034 sandwich11_sum40
                                   0             0               
  1035 sandwich11_sum41
                                   0             0               
  1036 sandwich11_sum42
                                   1             0               
  1037 sandwich11_sum43
                                   1             0               
  1038 sandwich11_sum44
                                   0             0               
  1039 sandwich11_sum45
                                   0             0               
  1040 sandwich11_sum46
                                   1             0               
  1041 sandwich11_sum47
                                   0             0               
  1042 sandwich11_sum48
                                   0             0               
  1043 sandwich11_sum49
                                   1             0               
  1044 sandwich11_sum50
                                   0             0               
  1045 sandwich11_sum51
                                   0             0               
  1046 sandwich11_sum52
                                   1             0               
  1047 sandwich11_sum53
                                   0             0               
  1048 sandwich11_sum54
                                   0             0               
  1049 sandwich11_sum55
                                   0             0               
  1050 sandwich11_sum56
                                   0             0               
  1051 sandwich11_sum57
                                   0             0               
  1052 sandwich11_sum58
                                   0             0               
  1053 sandwich11_sum59
                                   0             0               
  1054 sandwich11_sum60
                                   0             0               
  1055 sandwich11_sum61
                                   0             0               
  1056 sandwich11_sum62
                                   1             0               
  1057 sandwich11_sum63
                                   0             0               
  1058 sandwich11_sum64
                                   0             0               
  1059 sandwich11_sum65
                                   1             0               
  1060 sandwich11_sum66
                                   1             0               
  1061 sandwich11_sum67
                                   0             0               
  1062 sandwich12_sum1
                                   0             0             = 
  1063 sandwich12_sum2
                                   0             0             = 
  1064 sandwich12_sum3
                                   0             0             = 
  1065 sandwich12_sum4
                                   0             0             = 
  1066 sandwich12_sum5
                                   0             0             = 
  1067 sandwich12_sum6
                                   0             0             = 
  1068 sandwich12_sum7
                                   0             0             = 
  1069 sandwich12_sum8
                                   0             0             = 
  1070 sandwich12_sum9
                                   0             0             = 
  1071 sandwich12_sum10
                                   0             0               
  1072 sandwich12_sum11
                                   0             0               
  1073 sandwich12_sum12
                                   0             0               
  1074 sandwich12_sum13
                                   0             0               
  1075 sandwich12_sum14
                                   0             0               
  1076 sandwich12_sum15
                                   1             0               
  1077 sandwich12_sum16
                                   1             0               
  1078 sandwich12_sum17
                                   0             0               
  1079 sandwich12_sum18
                                   1             0               
  1080 sandwich12_sum19
                                   0             0               
  1081 sandwich12_sum20
                                   0             0               
  1082 sandwich12_sum21
                                   0             0               
  1083 sandwich12_sum22
                                   1             0               
  1084 sandwich12_sum23
                                   0             0               
  1085 sandwich12_sum24
                                   1             0               
  1086 sandwich12_sum25
                                   0             0               
  1087 sandwich12_sum26
                                   0             0               
  1088 sandwich12_sum27
                                   0             0               
  1089 sandwich12_sum28
                                   1             0               
  1090 sandwich12_sum29
                                   0             0               
  1091 sandwich12_sum30
                                   0             0               
  1092 sandwich12_sum31
                                   1             0               
  1093 sandwich12_sum32
                                   0             0               
  1094 sandwich12_sum33
                                   1             0               
  1095 sandwich12_sum34
                                   0             0               
  1096 sandwich12_sum35
                                   1             0               
  1097 sandwich12_sum36
                                   0             0               
  1098 sandwich12_sum37
                                   0             0               
  1099 sandwich12_sum38
                                   0             0               
  1100 sandwich12_sum39
                                   0             0               
  1101 sandwich12_sum40
                                   0             0               
  1102 sandwich12_sum41
                                   0             0               
  1103 sandwich12_sum42
                                   0             0               
  1104 sandwich12_sum43
                                   0             0               
  1105 sandwich12_sum44
                                   1             0               
  1106 sandwich12_sum45
                                   0             0               
  1107 sandwich12_sum46
                                   1             0               
  1108 sandwich12_sum47
                                   0             0               
  1109 sandwich12_sum48
                                   1             0               
  1110 sandwich12_sum49
                                   0             0               
  1111 sandwich12_sum50
                                   1             0               
  1112 sandwich12_sum51
                                   0             0               
  1113 sandwich12_sum52
                                   1             0               
  1114 sandwich12_sum53
                                   0             0               
  1115 sandwich12_sum54
                                   0             0               
  1116 sandwich12_sum55
                                   0             0               
  1117 sandwich12_sum56
                                   1             0               
  1118 sandwich12_sum57
                                   1             0               
  1119 sandwich12_sum58
                                   0             0               
  1120 sandwich12_sum59
                                   1             0               
  1121 sandwich12_sum60
                                   0             0               
  1122 sandwich12_sum61
                                   0             0               
  1123 sandwich12_sum62
                                   1             0               
  1124 sandwich12_sum63
                                   0             0               
  1125 sandwich12_sum64
                                   0             0               
  1126 sandwich12_sum65
                                   1             0               
  1127 sandwich12_sum66
                                   0             0               
  1128 sandwich12_sum67
                                   0             0               
  1129 sandwich13_sum1
                                   0             0             = 
  1130 sandwich13_sum2
                                   0             0             = 
  1131 sandwich13_sum3
                                   0             0             = 
  1132 sandwich13_sum4
                                   0             0             = 
  1133 sandwich13_sum5
                                   0             0             = 
  1134 sandwich13_sum6
                                   0             0             = 
  1135 sandwich13_sum7
                                   0             0             = 
  1136 sandwich13_sum8
                                   0             0             = 
  1137 sandwich13_sum9
                                   0             0             = 
  1138 sandwich13_sum10
                                   0             0               
  1139 sandwich13_sum11
                                   0             0               
  1140 sandwich13_sum12
                                   0             0               
  1141 sandwich13_sum13
                                   0             0               
  1142 sandwich13_sum14
                                   0             0               
  1143 sandwich13_sum15
                                   0             0               
  1144 sandwich13_sum16
                                   0             0               
  1145 sandwich13_sum17
                                   1             0               
  1146 sandwich13_sum18
                                   0             0               
  1147 sandwich13_sum19
                                   0             0               
  1148 sandwich13_sum20
                                   0             0               
  1149 sandwich13_sum21
                                   1             0               
  1150 sandwich13_sum22
                                   1             0               
  1151 sandwich13_sum23
                                   1             0               
  1152 sandwich13_sum24
                                   0             0               
  1153 sandwich13_sum25
                                   0             0               
  1154 sandwich13_sum26
                                   0             0               
  1155 sandwich13_sum27
                                   0             0               
  1156 sandwich13_sum28
                                   1             0               
  1157 sandwich13_sum29
                                   0             0               
  1158 sandwich13_sum30
                                   1             0               
  1159 sandwich13_sum31
                                   0             0               
  1160 sandwich13_sum32
                                   1             0               
  1161 sandwich13_sum33
                                   0             0               
  1162 sandwich13_sum34
                                   0             0               
  1163 sandwich13_sum35
                                   1             0               
  1164 sandwich13_sum36
                                   0             0               
  1165 sandwich13_sum37
                                   0             0               
  1166 sandwich13_sum38
                                   1             0               
  1167 sandwich13_sum39
                                   0             0               
  1168 sandwich13_sum40
                                   0             0               
  1169 sandwich13_sum41
                                   1             0               
  1170 sandwich13_sum42
                                   0             0               
  1171 sandwich13_sum43
                                   0             0               
  1172 sandwich13_sum44
                                   0             0               
  1173 sandwich13_sum45
                                   1             0               
  1174 sandwich13_sum46
                                   1             0               
  1175 sandwich13_sum47
                                   0             0               
  1176 sandwich13_sum48
                                   1             0               
  1177 sandwich13_sum49
                                   0             0               
  1178 sandwich13_sum50
                                   0             0               
  1179 sandwich13_sum51
                                   1             0               
  1180 sandwich13_sum52
                                   1             0               
  1181 sandwich13_sum53
                                   0             0               
  1182 sandwich13_sum54
                                   0             0               
  1183 sandwich13_sum55
                                   0             0               
  1184 sandwich13_sum56
                                   0             0               
  1185 sandwich13_sum57
                                   1             0               
  1186 sandwich13_sum58
                                   1             0               
  1187 sandwich13_sum59
                                   1             0               
  1188 sandwich13_sum60
                                   0             0               
  1189 sandwich13_sum61
                                   0             0               
  1190 sandwich13_sum62
                                   0             0               
  1191 sandwich13_sum63
                                   1             0               
  1192 sandwich13_sum64
                                   1             0               
  1193 sandwich13_sum65
                                   1             0               
  1194 sandwich13_sum66
                                   0             0               
  1195 sandwich13_sum67
                                   0             0               

   No. Column name       Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 sandwich1_b1_5_378
                    *              0             0             1 
     2 sandwich1_b1_5_468
                    *              0             0             1 
     3 sandwich1_b1_5_567
                    *              0             0             1 
     4 sandwich1_b1_6_2358
                    *              0             0             1 
     5 sandwich1_b1_6_2367
                    *              0             0             1 
     6 sandwich1_b1_6_2457
                    *              0             0             1 
     7 sandwich1_b1_6_3456
                    *              0             0             1 
     8 sandwich1_b2_6_378
                    *              0             0             1 
     9 sandwich1_b2_6_468
                    *              0             0             1 
    10 sandwich1_b2_6_567
                    *              0             0             1 
    11 sandwich1_b2_7_2358
                    *              0             0             1 
    12 sandwich1_b2_7_2367
                    *              0             0             1 
    13 sandwich1_b2_7_2457
                    *              0             0             1 
    14 sandwich1_b2_7_3456
                    *              0             0             1 
    15 sandwich1_b3_7_378
                    *              1             0             1 
    16 sandwich1_b3_7_468
                    *              0             0             1 
    17 sandwich1_b3_7_567
                    *              0             0             1 
    18 sandwich1_b3_8_2358
                    *              0             0             1 
    19 sandwich1_b3_8_2367
                    *              0             0             1 
    20 sandwich1_b3_8_2457
                    *              0             0             1 
    21 sandwich1_b3_8_3456
                    *              0             0             1 
    22 sandwich1_b4_8_378
                    *              0             0             1 
    23 sandwich1_b4_8_468
                    *              0             0             1 
    24 sandwich1_b4_8_567
                    *              0             0             1 
    25 sandwich1_b4_9_2358
                    *              0             0             1 
    26 sandwich1_b4_9_2367
                    *              0             0             1 
    27 sandwich1_b4_9_2457
                    *              0             0             1 
    28 sandwich1_b4_9_3456
                    *              0             0             1 
    29 sandwich1_b5_9_378
                    *              0             0             1 
    30 sandwich1_b5_9_468
                    *              0             0             1 
    31 sandwich1_b5_9_567
                    *              0             0             1 
    32 sandwich2_b1_5_378
                    *              0             0             1 
    33 sandwich2_b1_5_468
                    *              0             0             1 
    34 sandwich2_b1_5_567
                    *              0             0             1 
    35 sandwich2_b1_6_2358
                    *              0             0             1 
    36 sandwich2_b1_6_2367
                    *              0             0             1 
    37 sandwich2_b1_6_2457
                    *              0             0             1 
    38 sandwich2_b1_6_3456
                    *              0             0             1 
    39 sandwich2_b2_6_378
                    *              0             0             1 
    40 sandwich2_b2_6_468
                    *              0             0             1 
    41 sandwich2_b2_6_567
                    *              0             0             1 
    42 sandwich2_b2_7_2358
                    *              0             0             1 
    43 sandwich2_b2_7_2367
                    *              0             0             1 
    44 sandwich2_b2_7_2457
                    *              0             0             1 
    45 sandwich2_b2_7_3456
                    *              0             0             1 
    46 sandwich2_b3_7_378
                    *              0             0             1 
    47 sandwich2_b3_7_468
                    *              0             0             1 
    48 sandwich2_b3_7_567
                    *              0             0             1 
    49 sandwich2_b3_8_2358
                    *              0             0             1 
    50 sandwich2_b3_8_2367
                    *              0             0             1 
    51 sandwich2_b3_8_2457
                    *              0             0             1 
    52 sandwich2_b3_8_3456
                    *              0             0             1 
    53 sandwich2_b4_8_378
                    *              0             0             1 
    54 sandwich2_b4_8_468
                    *              0             0             1 
    55 sandwich2_b4_8_567
                    *              0             0             1 
    56 sandwich2_b4_9_2358
                    *              0             0             1 
    57 sandwich2_b4_9_2367
                    *              0             0             1 
    58 sandwich2_b4_9_2457
                    *              1             0             1 
    59 sandwich2_b4_9_3456
                    *              0             0             1 
    60 sandwich2_b5_9_378
                    *              0             0             1 
    61 sandwich2_b5_9_468
                    *              0             0             1 
    62 sandwich2_b5_9_567
                    *              0             0             1 
    63 sandwich3_b1_5_378
                    *              0             0             1 
    64 sandwich3_b1_5_468
                    *              0             0             1 
    65 sandwich3_b1_5_567
                    *              0             0             1 
    66 sandwich3_b1_6_2358
                    *              0             0             1 
    67 sandwich3_b1_6_2367
                    *              0             0             1 
    68 sandwich3_b1_6_2457
                    *              0             0             1 
    69 sandwich3_b1_6_3456
                    *              0             0             1 
    70 sandwich3_b2_6_378
                    *              0             0             1 
    71 sandwich3_b2_6_468
                    *              0             0             1 
    72 sandwich3_b2_6_567
                    *              1             0             1 
    73 sandwich3_b2_7_2358
                    *              0             0             1 
    74 sandwich3_b2_7_2367
                    *              0             0             1 
    75 sandwich3_b2_7_2457
                    *              0             0             1 
    76 sandwich3_b2_7_3456
                    *              0             0             1 
    77 sandwich3_b3_7_378
                    *              0             0             1 
    78 sandwich3_b3_7_468
                    *              0             0             1 
    79 sandwich3_b3_7_567
                    *              0             0             1 
    80 sandwich3_b3_8_2358
                    *              0             0             1 
    81 sandwich3_b3_8_2367
                    *              0             0             1 
    82 sandwich3_b3_8_2457
                    *              0             0             1 
    83 sandwich3_b3_8_3456
                    *              0             0             1 
    84 sandwich3_b4_8_378
                    *              0             0             1 
    85 sandwich3_b4_8_468
                    *              0             0             1 
    86 sandwich3_b4_8_567
                    *              0             0             1 
    87 sandwich3_b4_9_2358
                    *              0             0             1 
    88 sandwich3_b4_9_2367
                    *              0             0             1 
    89 sandwich3_b4_9_2457
                    *              0             0             1 
    90 sandwich3_b4_9_3456
                    *              0             0             1 
    91 sandwich3_b5_9_378
                    *              0             0             1 
    92 sandwich3_b5_9_468
                    *              0             0             1 
    93 sandwich3_b5_9_567
                    *              0             0             1 
    94 sandwich4_b1_5_378
                    *              0             0             1 
    95 sandwich4_b1_5_468
                    *              0             0             1 
    96 sandwich4_b1_5_567
                    *              1             0             1 
    97 sandwich4_b1_6_2358
                    *              0             0             1 
    98 sandwich4_b1_6_2367
                    *              0             0             1 
    99 sandwich4_b1_6_2457
                    *              0             0             1 
   100 sandwich4_b1_6_3456
                    *              0             0             1 
   101 sandwich4_b2_6_378
                    *              0             0             1 
   102 sandwich4_b2_6_468
                    *              0             0             1 
   103 sandwich4_b2_6_567
                    *              0             0             1 
   104 sandwich4_b2_7_2358
                    *              0             0             1 
   105 sandwich4_b2_7_2367
                    *              0             0             1 
   106 sandwich4_b2_7_2457
                    *              0             0             1 
   107 sandwich4_b2_7_3456
                    *              0             0             1 
   108 sandwich4_b3_7_378
                    *              0             0             1 
   109 sandwich4_b3_7_468
                    *              0             0             1 
   110 sandwich4_b3_7_567
                    *              0             0             1 
   111 sandwich4_b3_8_2358
                    *              0             0             1 
   112 sandwich4_b3_8_2367
                    *              0             0             1 
   113 sandwich4_b3_8_2457
                    *              0             0             1 
   114 sandwich4_b3_8_3456
                    *              0             0             1 
   115 sandwich4_b4_8_378
                    *              0             0             1 
   116 sandwich4_b4_8_468
                    *              0             0             1 
   117 sandwich4_b4_8_567
                    *              0             0             1 
   118 sandwich4_b4_9_2358
                    *              0             0             1 
   119 sandwich4_b4_9_2367
                    *              0             0             1 
   120 sandwich4_b4_9_2457
                    *              0             0             1 
   121 sandwich4_b4_9_3456
                    *              0             0             1 
   122 sandwich4_b5_9_378
                    *              0             0             1 
   123 sandwich4_b5_9_468
                    *              0             0             1 
   124 sandwich4_b5_9_567
                    *              0             0             1 
   125 sandwich5_b1_5_378
                    *              0             0             1 
   126 sandwich5_b1_5_468
                    *              0             0             1 
   127 sandwich5_b1_5_567
                    *              0             0             1 
   128 sandwich5_b1_6_2358
                    *              0             0             1 
   129 sandwich5_b1_6_2367
                    *              0             0             1 
   130 sandwich5_b1_6_2457
                    *              0             0             1 
   131 sandwich5_b1_6_3456
                    *              0             0             1 
   132 sandwich5_b2_6_378
                    *              0             0             1 
   133 sandwich5_b2_6_468
                    *              0             0             1 
   134 sandwich5_b2_6_567
                    *              0             0             1 
   135 sandwich5_b2_7_2358
                    *              0             0             1 
   136 sandwich5_b2_7_2367
                    *              0             0             1 
   137 sandwich5_b2_7_2457
                    *              0             0             1 
   138 sandwich5_b2_7_3456
                    *              0             0             1 
   139 sandwich5_b3_7_378
                    *              0             0             1 
   140 sandwich5_b3_7_468
                    *              0             0             1 
   141 sandwich5_b3_7_567
                    *              0             0             1 
   142 sandwich5_b3_8_2358
                    *              0             0             1 
   143 sandwich5_b3_8_2367
                    *              0             0             1 
   144 sandwich5_b3_8_2457
                    *              1             0             1 
   145 sandwich5_b3_8_3456
                    *              0             0             1 
   146 sandwich5_b4_8_378
                    *              0             0             1 
   147 sandwich5_b4_8_468
                    *              0             0             1 
   148 sandwich5_b4_8_567
                    *              0             0             1 
   149 sandwich5_b4_9_2358
                    *              0             0             1 
   150 sandwich5_b4_9_2367
                    *              0             0             1 
   151 sandwich5_b4_9_2457
                    *              0             0             1 
   152 sandwich5_b4_9_3456
                    *              0             0             1 
   153 sandwich5_b5_9_378
                    *              0             0             1 
   154 sandwich5_b5_9_468
                    *              0             0             1 
   155 sandwich5_b5_9_567
                    *              0             0             1 
   156 sandwich6_b1_5_378
                    *              0             0             1 
   157 sandwich6_b1_5_468
                    *              0             0             1 
   158 sandwich6_b1_5_567
                    *              0             0             1 
   159 sandwich6_b1_6_2358
                    *              0             0             1 
   160 sandwich6_b1_6_2367
                    *              0             0             1 
   161 sandwich6_b1_6_2457
                    *              0             0             1 
   162 sandwich6_b1_6_3456
                    *              0             0             1 
   163 sandwich6_b2_6_378
                    *              0             0             1 
   164 sandwich6_b2_6_468
                    *              1             0             1 
   165 sandwich6_b2_6_567
                    *              0             0             1 
   166 sandwich6_b2_7_2358
                    *              0             0             1 
   167 sandwich6_b2_7_2367
                    *              0             0             1 
   168 sandwich6_b2_7_2457
                    *              0             0             1 
   169 sandwich6_b2_7_3456
                    *              0             0             1 
   170 sandwich6_b3_7_378
                    *              0             0             1 
   171 sandwich6_b3_7_468
                    *              0             0             1 
   172 sandwich6_b3_7_567
                    *              0             0             1 
   173 sandwich6_b3_8_2358
                    *              0             0             1 
   174 sandwich6_b3_8_2367
                    *              0             0             1 
   175 sandwich6_b3_8_2457
                    *              0             0             1 
   176 sandwich6_b3_8_3456
                    *              0             0             1 
   177 sandwich6_b4_8_378
                    *              0             0             1 
   178 sandwich6_b4_8_468
                    *              0             0             1 
   179 sandwich6_b4_8_567
                    *              0             0             1 
   180 sandwich6_b4_9_2358
                    *              0             0             1 
   181 sandwich6_b4_9_2367
                    *              0             0             1 
   182 sandwich6_b4_9_2457
                    *              0             0             1 
   183 sandwich6_b4_9_3456
                    *              0             0             1 
   184 sandwich6_b5_9_378
                    *              0             0             1 
   185 sandwich6_b5_9_468
                    *              0             0             1 
   186 sandwich6_b5_9_567
                    *              0             0             1 
   187 sandwich7_b1_5_378
                    *              0             0             1 
   188 sandwich7_b1_5_468
                    *              0             0             1 
   189 sandwich7_b1_5_567
                    *              0             0             1 
   190 sandwich7_b1_6_2358
                    *              0             0             1 
   191 sandwich7_b1_6_2367
                    *              0             0             1 
   192 sandwich7_b1_6_2457
                    *              0             0             1 
   193 sandwich7_b1_6_3456
                    *              0             0             1 
   194 sandwich7_b2_6_378
                    *              0             0             1 
   195 sandwich7_b2_6_468
                    *              0             0             1 
   196 sandwich7_b2_6_567
                    *              0             0             1 
   197 sandwich7_b2_7_2358
                    *              0             0             1 
   198 sandwich7_b2_7_2367
                    *              0             0             1 
   199 sandwich7_b2_7_2457
                    *              0             0             1 
   200 sandwich7_b2_7_3456
                    *              0             0             1 
   201 sandwich7_b3_7_378
                    *              0             0             1 
   202 sandwich7_b3_7_468
                    *              0             0             1 
   203 sandwich7_b3_7_567
                    *              0             0             1 
   204 sandwich7_b3_8_2358
                    *              0             0             1 
   205 sandwich7_b3_8_2367
                    *              0             0             1 
   206 sandwich7_b3_8_2457
                    *              0             0             1 
   207 sandwich7_b3_8_3456
                    *              0             0             1 
   208 sandwich7_b4_8_378
                    *              0             0             1 
   209 sandwich7_b4_8_468
                    *              0             0             1 
   210 sandwich7_b4_8_567
                    *              0             0             1 
   211 sandwich7_b4_9_2358
                    *              0             0             1 
   212 sandwich7_b4_9_2367
                    *              1             0             1 
   213 sandwich7_b4_9_2457
                    *              0             0             1 
   214 sandwich7_b4_9_3456
                    *              0             0             1 
   215 sandwich7_b5_9_378
                    *              0             0             1 
   216 sandwich7_b5_9_468
                    *              0             0             1 
   217 sandwich7_b5_9_567
                    *              0             0             1 
   218 sandwich8_b1_5_378
                    *              0             0             1 
   219 sandwich8_b1_5_468
                    *              0             0             1 
   220 sandwich8_b1_5_567
                    *              0             0             1 
   221 sandwich8_b1_6_2358
                    *              0             0             1 
   222 sandwich8_b1_6_2367
                    *              0             0             1 
   223 sandwich8_b1_6_2457
                    *              0             0             1 
   224 sandwich8_b1_6_3456
                    *              0             0             1 
   225 sandwich8_b2_6_378
                    *              0             0             1 
   226 sandwich8_b2_6_468
                    *              0             0             1 
   227 sandwich8_b2_6_567
                    *              0             0             1 
   228 sandwich8_b2_7_2358
                    *              0             0             1 
   229 sandwich8_b2_7_2367
                    *              0             0             1 
   230 sandwich8_b2_7_2457
                    *              0             0             1 
   231 sandwich8_b2_7_3456
                    *              0             0             1 
   232 sandwich8_b3_7_378
                    *              0             0             1 
   233 sandwich8_b3_7_468
                    *              1             0             1 
   234 sandwich8_b3_7_567
                    *              0             0             1 
   235 sandwich8_b3_8_2358
                    *              0             0             1 
   236 sandwich8_b3_8_2367
                    *              0             0             1 
   237 sandwich8_b3_8_2457
                    *              0             0             1 
   238 sandwich8_b3_8_3456
                    *              0             0             1 
   239 sandwich8_b4_8_378
                    *              0             0             1 
   240 sandwich8_b4_8_468
                    *              0             0             1 
   241 sandwich8_b4_8_567
                    *              0             0             1 
   242 sandwich8_b4_9_2358
                    *              0             0             1 
   243 sandwich8_b4_9_2367
                    *              0             0             1 
   244 sandwich8_b4_9_2457
                    *              0             0             1 
   245 sandwich8_b4_9_3456
                    *              0             0             1 
   246 sandwich8_b5_9_378
                    *              0             0             1 
   247 sandwich8_b5_9_468
                    *              0             0             1 
   248 sandwich8_b5_9_567
                    *              0             0             1 
   249 sandwich9_b1_5_378
                    *              0             0             1 
   250 sandwich9_b1_5_468
                    *              0             0             1 
   251 sandwich9_b1_5_567
                    *              1             0             1 
   252 sandwich9_b1_6_2358
                    *              0             0             1 
   253 sandwich9_b1_6_2367
                    *              0             0             1 
   254 sandwich9_b1_6_2457
                    *              0             0             1 
   255 sandwich9_b1_6_3456
                    *              0             0             1 
   256 sandwich9_b2_6_378
                    *              0             0             1 
   257 sandwich9_b2_6_468
                    *              0             0             1 
   258 sandwich9_b2_6_567
                    *              0             0             1 
   259 sandwich9_b2_7_2358
                    *              0             0             1 
   260 sandwich9_b2_7_2367
                    *              0             0             1 
   261 sandwich9_b2_7_2457
                    *              0             0             1 
   262 sandwich9_b2_7_3456
                    *              0             0             1 
   263 sandwich9_b3_7_378
                    *              0             0             1 
   264 sandwich9_b3_7_468
                    *              0             0             1 
   265 sandwich9_b3_7_567
                    *              0             0             1 
   266 sandwich9_b3_8_2358
                    *              0             0             1 
   267 sandwich9_b3_8_2367
                    *              0             0             1 
   268 sandwich9_b3_8_2457
                    *              0             0             1 
   269 sandwich9_b3_8_3456
                    *              0             0             1 
   270 sandwich9_b4_8_378
                    *              0             0             1 
   271 sandwich9_b4_8_468
                    *              0             0             1 
   272 sandwich9_b4_8_567
                    *              0             0             1 
   273 sandwich9_b4_9_2358
                    *              0             0             1 
   274 sandwich9_b4_9_2367
                    *              0             0             1 
   275 sandwich9_b4_9_2457
                    *              0             0             1 
   276 sandwich9_b4_9_3456
                    *              0             0             1 
   277 sandwich9_b5_9_378
                    *              0             0             1 
   278 sandwich9_b5_9_468
                    *              0             0             1 
   279 sandwich9_b5_9_567
                    *              0             0             1 
   280 sandwich10_b1_5_378
                    *              0             0             1 
   281 sandwich10_b1_5_468
                    *              0             0             1 
   282 sandwich10_b1_5_567
                    *              0             0             1 
   283 sandwich10_b1_6_2358
                    *              0             0             1 
   284 sandwich10_b1_6_2367
                    *              0             0             1 
   285 sandwich10_b1_6_2457
                    *              0             0             1 
   286 sandwich10_b1_6_3456
                    *              0             0             1 
   287 sandwich10_b2_6_378
                    *              0             0             1 
   288 sandwich10_b2_6_468
                    *              0             0             1 
   289 sandwich10_b2_6_567
                    *              1             0             1 
   290 sandwich10_b2_7_2358
                    *              0             0             1 
   291 sandwich10_b2_7_2367
                    *              0             0             1 
   292 sandwich10_b2_7_2457
                    *              0             0             1 
   293 sandwich10_b2_7_3456
                    *              0             0             1 
   294 sandwich10_b3_7_378
                    *              0             0             1 
   295 sandwich10_b3_7_468
                    *              0             0             1 
   296 sandwich10_b3_7_567
                    *              0             0             1 
   297 sandwich10_b3_8_2358
                    *              0             0             1 
   298 sandwich10_b3_8_2367
                    *              0             0             1 
   299 sandwich10_b3_8_2457
                    *              0             0             1 
   300 sandwich10_b3_8_3456
                    *              0             0             1 
   301 sandwich10_b4_8_378
                    *              0             0             1 
   302 sandwich10_b4_8_468
                    *              0             0             1 
   303 sandwich10_b4_8_567
                    *              0             0             1 
   304 sandwich10_b4_9_2358
                    *              0             0             1 
   305 sandwich10_b4_9_2367
                    *              0             0             1 
   306 sandwich10_b4_9_2457
                    *              0             0             1 
   307 sandwich10_b4_9_3456
                    *              0             0             1 
   308 sandwich10_b5_9_378
                    *              0             0             1 
   309 sandwich10_b5_9_468
                    *              0             0             1 
   310 sandwich10_b5_9_567
                    *              0             0             1 
   311 sandwich11_b1_5_378
                    *              0             0             1 
   312 sandwich11_b1_5_468
                    *              0             0             1 
   313 sandwich11_b1_5_567
                    *              0             0             1 
   314 sandwich11_b1_6_2358
                    *              0             0             1 
   315 sandwich11_b1_6_2367
                    *              0             0             1 
   316 sandwich11_b1_6_2457
                    *              0             0             1 
   317 sandwich11_b1_6_3456
                    *              0             0             1 
   318 sandwich11_b2_6_378
                    *              0             0             1 
   319 sandwich11_b2_6_468
                    *              0             0             1 
   320 sandwich11_b2_6_567
                    *              0             0             1 
   321 sandwich11_b2_7_2358
                    *              0             0             1 
   322 sandwich11_b2_7_2367
                    *              0             0             1 
   323 sandwich11_b2_7_2457
                    *              0             0             1 
   324 sandwich11_b2_7_3456
                    *              0             0             1 
   325 sandwich11_b3_7_378
                    *              0             0             1 
   326 sandwich11_b3_7_468
                    *              0             0             1 
   327 sandwich11_b3_7_567
                    *              0             0             1 
   328 sandwich11_b3_8_2358
                    *              0             0             1 
   329 sandwich11_b3_8_2367
                    *              0             0             1 
   330 sandwich11_b3_8_2457
                    *              0             0             1 
   331 sandwich11_b3_8_3456
                    *              0             0             1 
   332 sandwich11_b4_8_378
                    *              0             0             1 
   333 sandwich11_b4_8_468
                    *              0             0             1 
   334 sandwich11_b4_8_567
                    *              0             0             1 
   335 sandwich11_b4_9_2358
                    *              0             0             1 
   336 sandwich11_b4_9_2367
                    *              1             0             1 
   337 sandwich11_b4_9_2457
                    *              0             0             1 
   338 sandwich11_b4_9_3456
                    *              0             0             1 
   339 sandwich11_b5_9_378
                    *              0             0             1 
   340 sandwich11_b5_9_468
                    *              0             0             1 
   341 sandwich11_b5_9_567
                    *              0             0             1 
   342 sandwich12_b1_5_378
                    *              0             0             1 
   343 sandwich12_b1_5_468
                    *              0             0             1 
   344 sandwich12_b1_5_567
                    *              0             0             1 
   345 sandwich12_b1_6_2358
                    *              0             0             1 
   346 sandwich12_b1_6_2367
                    *              0             0             1 
   347 sandwich12_b1_6_2457
                    *              0             0             1 
   348 sandwich12_b1_6_3456
                    *              0             0             1 
   349 sandwich12_b2_6_378
                    *              0             0             1 
   350 sandwich12_b2_6_468
                    *              0             0             1 
   351 sandwich12_b2_6_567
                    *              0             0             1 
   352 sandwich12_b2_7_2358
                    *              0             0             1 
   353 sandwich12_b2_7_2367
                    *              0             0             1 
   354 sandwich12_b2_7_2457
                    *              0             0             1 
   355 sandwich12_b2_7_3456
                    *              0             0             1 
   356 sandwich12_b3_7_378
                    *              0             0             1 
   357 sandwich12_b3_7_468
                    *              1             0             1 
   358 sandwich12_b3_7_567
                    *              0             0             1 
   359 sandwich12_b3_8_2358
                    *              0             0             1 
   360 sandwich12_b3_8_2367
                    *              0             0             1 
   361 sandwich12_b3_8_2457
                    *              0             0             1 
   362 sandwich12_b3_8_3456
                    *              0             0             1 
   363 sandwich12_b4_8_378
                    *              0             0             1 
   364 sandwich12_b4_8_468
                    *              0             0             1 
   365 sandwich12_b4_8_567
                    *              0             0             1 
   366 sandwich12_b4_9_2358
                    *              0             0             1 
   367 sandwich12_b4_9_2367
                    *              0             0             1 
   368 sandwich12_b4_9_2457
                    *              0             0             1 
   369 sandwich12_b4_9_3456
                    *              0             0             1 
   370 sandwich12_b5_9_378
                    *              0             0             1 
   371 sandwich12_b5_9_468
                    *              0             0             1 
   372 sandwich12_b5_9_567
                    *              0             0             1 
   373 sandwich13_b1_5_378
                    *              1             0             1 
   374 sandwich13_b1_5_468
                    *              0             0             1 
   375 sandwich13_b1_5_567
                    *              0             0             1 
   376 sandwich13_b1_6_2358
                    *              0             0             1 
   377 sandwich13_b1_6_2367
                    *              0             0             1 
   378 sandwich13_b1_6_2457
                    *              0             0             1 
   379 sandwich13_b1_6_3456
                    *              0             0             1 
   380 sandwich13_b2_6_378
                    *              0             0             1 
   381 sandwich13_b2_6_468
                    *              0             0             1 
   382 sandwich13_b2_6_567
                    *              0             0             1 
   383 sandwich13_b2_7_2358
                    *              0             0             1 
   384 sandwich13_b2_7_2367
                    *              0             0             1 
   385 sandwich13_b2_7_2457
                    *              0             0             1 
   386 sandwich13_b2_7_3456
                    *              0             0             1 
   387 sandwich13_b3_7_378
                    *              0             0             1 
   388 sandwich13_b3_7_468
                    *              0             0             1 
   389 sandwich13_b3_7_567
                    *              0             0             1 
   390 sandwich13_b3_8_2358
                    *              0             0             1 
   391 sandwich13_b3_8_2367
                    *              0             0             1 
   392 sandwich13_b3_8_2457
                    *              0             0             1 
   393 sandwich13_b3_8_3456
                    *              0             0             1 
   394 sandwich13_b4_8_378
                    *              0             0             1 
   395 sandwich13_b4_8_468
                    *              0             0             1 
   396 sandwich13_b4_8_567
                    *              0             0             1 
   397 sandwich13_b4_9_2358
                    *              0             0             1 
   398 sandwich13_b4_9_2367
                    *              0             0             1 
   399 sandwich13_b4_9_2457
                    *              0             0             1 
   400 sandwich13_b4_9_3456
                    *              0             0             1 
   401 sandwich13_b5_9_378
                    *              0             0             1 
   402 sandwich13_b5_9_468
                    *              0             0             1 
   403 sandwich13_b5_9_567
                    *              0             0             1 
   404 x_r1c1_1     *              0             0             1 
   405 x_r1c1_2     *              0             0             1 
   406 x_r1c1_3     *              0             0             1 
   407 x_r1c1_4     *              0             0             1 
   408 x_r1c1_5     *              1             0             1 
   409 x_r1c1_6     *              0             0             1 
   410 x_r1c1_7     *              0             0             1 
   411 x_r1c1_8     *              0             0             1 
   412 x_r1c1_9     *              0             0             1 
   413 x_r1c2_1     *              0             0             1 
   414 x_r1c2_2     *              0             0             1 
   415 x_r1c2_3     *              0             0             1 
   416 x_r1c2_4     *              0             0             1 
   417 x_r1c2_5     *              0             0             1 
   418 x_r1c2_6     *              0             0             1 
   419 x_r1c2_7     *              0             0             1 
   420 x_r1c2_8     *              1             0             1 
   421 x_r1c2_9     *              0             0             1 
   422 x_r1c3_1     *              0             0             1 
   423 x_r1c3_2     *              0             0             1 
   424 x_r1c3_3     *              0             0             1 
   425 x_r1c3_4     *              1             0             1 
   426 x_r1c3_5     *              0             0             1 
   427 x_r1c3_6     *              0             0             1 
   428 x_r1c3_7     *              0             0             1 
   429 x_r1c3_8     *              0             0             1 
   430 x_r1c3_9     *              0             0             1 
   431 x_r1c4_1     *              1             0             1 
   432 x_r1c4_2     *              0             0             1 
   433 x_r1c4_3     *              0             0             1 
   434 x_r1c4_4     *              0             0             1 
   435 x_r1c4_5     *              0             0             1 
   436 x_r1c4_6     *              0             0             1 
   437 x_r1c4_7     *              0             0             1 
   438 x_r1c4_8     *              0             0             1 
   439 x_r1c4_9     *              0             0             1 
   440 x_r1c5_1     *              0             0             1 
   441 x_r1c5_2     *              0             0             1 
   442 x_r1c5_3     *              1             0             1 
   443 x_r1c5_4     *              0             0             1 
   444 x_r1c5_5     *              0             0             1 
   445 x_r1c5_6     *              0             0             1 
   446 x_r1c5_7     *              0             0             1 
   447 x_r1c5_8     *              0             0             1 
   448 x_r1c5_9     *              0             0             1 
   449 x_r1c6_1     *              0             0             1 
   450 x_r1c6_2     *              0             0             1 
   451 x_r1c6_3     *              0             0             1 
   452 x_r1c6_4     *              0             0             1 
   453 x_r1c6_5     *              0             0             1 
   454 x_r1c6_6     *              0             0             1 
   455 x_r1c6_7     *              1             0             1 
   456 x_r1c6_8     *              0             0             1 
   457 x_r1c6_9     *              0             0             1 
   458 x_r1c7_1     *              0             0             1 
   459 x_r1c7_2     *              1             0             1 
   460 x_r1c7_3     *              0             0             1 
   461 x_r1c7_4     *              0             0             1 
   462 x_r1c7_5     *              0             0             1 
   463 x_r1c7_6     *              0             0             1 
   464 x_r1c7_7     *              0             0             1 
   465 x_r1c7_8     *              0             0             1 
   466 x_r1c7_9     *              0             0             1 
   467 x_r1c8_1     *              0             0             1 
   468 x_r1c8_2     *              0             0             1 
   469 x_r1c8_3     *              0             0             1 
   470 x_r1c8_4     *              0             0             1 
   471 x_r1c8_5     *              0             0             1 
   472 x_r1c8_6     *              1             0             1 
   473 x_r1c8_7     *              0             0             1 
   474 x_r1c8_8     *              0             0             1 
   475 x_r1c8_9     *              0             0             1 
   476 x_r1c9_1     *              0             0             1 
   477 x_r1c9_2     *              0             0             1 
   478 x_r1c9_3     *              0             0             1 
   479 x_r1c9_4     *              0             0             1 
   480 x_r1c9_5     *              0             0             1 
   481 x_r1c9_6     *              0             0             1 
   482 x_r1c9_7     *              0             0             1 
   483 x_r1c9_8     *              0             0             1 
   484 x_r1c9_9     *              1             0             1 
   485 x_r2c1_1     *              0             0             1 
   486 x_r2c1_2     *              1             0             1 
   487 x_r2c1_3     *              0             0             1 
   488 x_r2c1_4     *              0             0             1 
   489 x_r2c1_5     *              0             0             1 
   490 x_r2c1_6     *              0             0             1 
   491 x_r2c1_7     *              0             0             1 
   492 x_r2c1_8     *              0             0             1 
   493 x_r2c1_9     *              0             0             1 
   494 x_r2c2_1     *              0             0             1 
   495 x_r2c2_2     *              0             0             1 
   496 x_r2c2_3     *              1             0             1 
   497 x_r2c2_4     *              0             0             1 
   498 x_r2c2_5     *              0             0             1 
   499 x_r2c2_6     *              0             0             1 
   500 x_r2c2_7     *              0             0             1 
   501 x_r2c2_8     *              0             0             1 
   502 x_r2c2_9     *              0             0             1 
   503 x_r2c3_1     *              0             0             1 
   504 x_r2c3_2     *              0             0             1 
   505 x_r2c3_3     *              0             0             1 
   506 x_r2c3_4     *              0             0             1 
   507 x_r2c3_5     *              0             0             1 
   508 x_r2c3_6     *              0             0             1 
   509 x_r2c3_7     *              0             0             1 
   510 x_r2c3_8     *              0             0             1 
   511 x_r2c3_9     *              1             0             1 
   512 x_r2c4_1     *              0             0             1 
   513 x_r2c4_2     *              0             0             1 
   514 x_r2c4_3     *              0             0             1 
   515 x_r2c4_4     *              0             0             1 
   516 x_r2c4_5     *              0             0             1 
   517 x_r2c4_6     *              1             0             1 
   518 x_r2c4_7     *              0             0             1 
   519 x_r2c4_8     *              0             0             1 
   520 x_r2c4_9     *              0             0             1 
   521 x_r2c5_1     *              0             0             1 
   522 x_r2c5_2     *              0             0             1 
   523 x_r2c5_3     *              0             0             1 
   524 x_r2c5_4     *              0             0             1 
   525 x_r2c5_5     *              0             0             1 
   526 x_r2c5_6     *              0             0             1 
   527 x_r2c5_7     *              0             0             1 
   528 x_r2c5_8     *              1             0             1 
   529 x_r2c5_9     *              0             0             1 
   530 x_r2c6_1     *              0             0             1 
   531 x_r2c6_2     *              0             0             1 
   532 x_r2c6_3     *              0             0             1 
   533 x_r2c6_4     *              1             0             1 
   534 x_r2c6_5     *              0             0             1 
   535 x_r2c6_6     *              0             0             1 
   536 x_r2c6_7     *              0             0             1 
   537 x_r2c6_8     *              0             0             1 
   538 x_r2c6_9     *              0             0             1 
   539 x_r2c7_1     *              1             0             1 
   540 x_r2c7_2     *              0             0             1 
   541 x_r2c7_3     *              0             0             1 
   542 x_r2c7_4     *              0             0             1 
   543 x_r2c7_5     *              0             0             1 
   544 x_r2c7_6     *              0             0             1 
   545 x_r2c7_7     *              0             0             1 
   546 x_r2c7_8     *              0             0             1 
   547 x_r2c7_9     *              0             0             1 
   548 x_r2c8_1     *              0             0             1 
   549 x_r2c8_2     *              0             0             1 
   550 x_r2c8_3     *              0             0             1 
   551 x_r2c8_4     *              0             0             1 
   552 x_r2c8_5     *              1             0             1 
   553 x_r2c8_6     *              0             0             1 
   554 x_r2c8_7     *              0             0             1 
   555 x_r2c8_8     *              0             0             1 
   556 x_r2c8_9     *              0             0             1 
   557 x_r2c9_1     *              0             0             1 
   558 x_r2c9_2     *              0             0             1 
   559 x_r2c9_3     *              0             0             1 
   560 x_r2c9_4     *              0             0             1 
   561 x_r2c9_5     *              0             0             1 
   562 x_r2c9_6     *              0             0             1 
   563 x_r2c9_7     *              1             0             1 
   564 x_r2c9_8     *              0             0             1 
   565 x_r2c9_9     *              0             0             1 
   566 x_r3c1_1     *              1             0             1 
   567 x_r3c1_2     *              0             0             1 
   568 x_r3c1_3     *              0             0             1 
   569 x_r3c1_4     *              0             0             1 
   570 x_r3c1_5     *              0             0             1 
   571 x_r3c1_6     *              0             0             1 
   572 x_r3c1_7     *              0             0             1 
   573 x_r3c1_8     *              0             0             1 
   574 x_r3c1_9     *              0             0             1 
   575 x_r3c2_1     *              0             0             1 
   576 x_r3c2_2     *              0             0             1 
   577 x_r3c2_3     *              0             0             1 
   578 x_r3c2_4     *              0             0             1 
   579 x_r3c2_5     *              0             0             1 
   580 x_r3c2_6     *              1             0             1 
   581 x_r3c2_7     *              0             0             1 
   582 x_r3c2_8     *              0             0             1 
   583 x_r3c2_9     *              0             0             1 
   584 x_r3c3_1     *              0             0             1 
   585 x_r3c3_2     *              0             0             1 
   586 x_r3c3_3     *              0             0             1 
   587 x_r3c3_4     *              0             0             1 
   588 x_r3c3_5     *              0             0             1 
   589 x_r3c3_6     *              0             0             1 
   590 x_r3c3_7     *              1             0             1 
   591 x_r3c3_8     *              0             0             1 
   592 x_r3c3_9     *              0             0             1 
   593 x_r3c4_1     *              0             0             1 
   594 x_r3c4_2     *              0             0             1 
   595 x_r3c4_3     *              0             0             1 
   596 x_r3c4_4     *              0             0             1 
   597 x_r3c4_5     *              1             0             1 
   598 x_r3c4_6     *              0             0             1 
   599 x_r3c4_7     *              0             0             1 
   600 x_r3c4_8     *              0             0             1 
   601 x_r3c4_9     *              0             0             1 
   602 x_r3c5_1     *              0             0             1 
   603 x_r3c5_2     *              0             0             1 
   604 x_r3c5_3     *              0             0             1 
   605 x_r3c5_4     *              0             0             1 
   606 x_r3c5_5     *              0             0             1 
   607 x_r3c5_6     *              0             0             1 
   608 x_r3c5_7     *              0             0             1 
   609 x_r3c5_8     *              0             0             1 
   610 x_r3c5_9     *              1             0             1 
   611 x_r3c6_1     *              0             0             1 
   612 x_r3c6_2     *              1             0             1 
   613 x_r3c6_3     *              0             0             1 
   614 x_r3c6_4     *              0             0             1 
   615 x_r3c6_5     *              0             0             1 
   616 x_r3c6_6     *              0             0             1 
   617 x_r3c6_7     *              0             0             1 
   618 x_r3c6_8     *              0             0             1 
   619 x_r3c6_9     *              0             0             1 
   620 x_r3c7_1     *              0             0             1 
   621 x_r3c7_2     *              0             0             1 
   622 x_r3c7_3     *              0             0             1 
   623 x_r3c7_4     *              0             0             1 
   624 x_r3c7_5     *              0             0             1 
   625 x_r3c7_6     *              0             0             1 
   626 x_r3c7_7     *              0             0             1 
   627 x_r3c7_8     *              1             0             1 
   628 x_r3c7_9     *              0             0             1 
   629 x_r3c8_1     *              0             0             1 
   630 x_r3c8_2     *              0             0             1 
   631 x_r3c8_3     *              0             0             1 
   632 x_r3c8_4     *              1             0             1 
   633 x_r3c8_5     *              0             0             1 
   634 x_r3c8_6     *              0             0             1 
   635 x_r3c8_7     *              0             0             1 
   636 x_r3c8_8     *              0             0             1 
   637 x_r3c8_9     *              0             0             1 
   638 x_r3c9_1     *              0             0             1 
   639 x_r3c9_2     *              0             0             1 
   640 x_r3c9_3     *              1             0             1 
   641 x_r3c9_4     *              0             0             1 
   642 x_r3c9_5     *              0             0             1 
   643 x_r3c9_6     *              0             0             1 
   644 x_r3c9_7     *              0             0             1 
   645 x_r3c9_8     *              0             0             1 
   646 x_r3c9_9     *              0             0             1 
   647 x_r4c1_1     *              0             0             1 
   648 x_r4c1_2     *              0             0             1 
   649 x_r4c1_3     *              1             0             1 
   650 x_r4c1_4     *              0             0             1 
   651 x_r4c1_5     *              0             0             1 
   652 x_r4c1_6     *              0             0             1 
   653 x_r4c1_7     *              0             0             1 
   654 x_r4c1_8     *              0             0             1 
   655 x_r4c1_9     *              0             0             1 
   656 x_r4c2_1     *              0             0             1 
   657 x_r4c2_2     *              0             0             1 
   658 x_r4c2_3     *              0             0             1 
   659 x_r4c2_4     *              0             0             1 
   660 x_r4c2_5     *              0             0             1 
   661 x_r4c2_6     *              0             0             1 
   662 x_r4c2_7     *              0             0             1 
   663 x_r4c2_8     *              0             0             1 
   664 x_r4c2_9     *              1             0             1 
   665 x_r4c3_1     *              0             0             1 
   666 x_r4c3_2     *              0             0             1 
   667 x_r4c3_3     *              0             0             1 
   668 x_r4c3_4     *              0             0             1 
   669 x_r4c3_5     *              0             0             1 
   670 x_r4c3_6     *              1             0             1 
   671 x_r4c3_7     *              0             0             1 
   672 x_r4c3_8     *              0             0             1 
   673 x_r4c3_9     *              0             0             1 
   674 x_r4c4_1     *              0             0             1 
   675 x_r4c4_2     *              0             0             1 
   676 x_r4c4_3     *              0             0             1 
   677 x_r4c4_4     *              0             0             1 
   678 x_r4c4_5     *              0             0             1 
   679 x_r4c4_6     *              0             0             1 
   680 x_r4c4_7     *              1             0             1 
   681 x_r4c4_8     *              0             0             1 
   682 x_r4c4_9     *              0             0             1 
   683 x_r4c5_1     *              0             0             1 
   684 x_r4c5_2     *              0             0             1 
   685 x_r4c5_3     *              0             0             1 
   686 x_r4c5_4     *              0             0             1 
   687 x_r4c5_5     *              1             0             1 
   688 x_r4c5_6     *              0             0             1 
   689 x_r4c5_7     *              0             0             1 
   690 x_r4c5_8     *              0             0             1 
   691 x_r4c5_9     *              0             0             1 
   692 x_r4c6_1     *              1             0             1 
   693 x_r4c6_2     *              0             0             1 
   694 x_r4c6_3     *              0             0             1 
   695 x_r4c6_4     *              0             0             1 
   696 x_r4c6_5     *              0             0             1 
   697 x_r4c6_6     *              0             0             1 
   698 x_r4c6_7     *              0             0             1 
   699 x_r4c6_8     *              0             0             1 
   700 x_r4c6_9     *              0             0             1 
   701 x_r4c7_1     *              0             0             1 
   702 x_r4c7_2     *              0             0             1 
   703 x_r4c7_3     *              0             0             1 
   704 x_r4c7_4     *              1             0             1 
   705 x_r4c7_5     *              0             0             1 
   706 x_r4c7_6     *              0             0             1 
   707 x_r4c7_7     *              0             0             1 
   708 x_r4c7_8     *              0             0             1 
   709 x_r4c7_9     *              0             0             1 
   710 x_r4c8_1     *              0             0             1 
   711 x_r4c8_2     *              1             0             1 
   712 x_r4c8_3     *              0             0             1 
   713 x_r4c8_4     *              0             0             1 
   714 x_r4c8_5     *              0             0             1 
   715 x_r4c8_6     *              0             0             1 
   716 x_r4c8_7     *              0             0             1 
   717 x_r4c8_8     *              0             0             1 
   718 x_r4c8_9     *              0             0             1 
   719 x_r4c9_1     *              0             0             1 
   720 x_r4c9_2     *              0             0             1 
   721 x_r4c9_3     *              0             0             1 
   722 x_r4c9_4     *              0             0             1 
   723 x_r4c9_5     *              0             0             1 
   724 x_r4c9_6     *              0             0             1 
   725 x_r4c9_7     *              0             0             1 
   726 x_r4c9_8     *              1             0             1 
   727 x_r4c9_9     *              0             0             1 
   728 x_r5c1_1     *              0             0             1 
   729 x_r5c1_2     *              0             0             1 
   730 x_r5c1_3     *              0             0             1 
   731 x_r5c1_4     *              0             0             1 
   732 x_r5c1_5     *              0             0             1 
   733 x_r5c1_6     *              0             0             1 
   734 x_r5c1_7     *              0             0             1 
   735 x_r5c1_8     *              1             0             1 
   736 x_r5c1_9     *              0             0             1 
   737 x_r5c2_1     *              0             0             1 
   738 x_r5c2_2     *              0             0             1 
   739 x_r5c2_3     *              0             0             1 
   740 x_r5c2_4     *              1             0             1 
   741 x_r5c2_5     *              0             0             1 
   742 x_r5c2_6     *              0             0             1 
   743 x_r5c2_7     *              0             0             1 
   744 x_r5c2_8     *              0             0             1 
   745 x_r5c2_9     *              0             0             1 
   746 x_r5c3_1     *              0             0             1 
   747 x_r5c3_2     *              0             0             1 
   748 x_r5c3_3     *              0             0             1 
   749 x_r5c3_4     *              0             0             1 
   750 x_r5c3_5     *              1             0             1 
   751 x_r5c3_6     *              0             0             1 
   752 x_r5c3_7     *              0             0             1 
   753 x_r5c3_8     *              0             0             1 
   754 x_r5c3_9     *              0             0             1 
   755 x_r5c4_1     *              0             0             1 
   756 x_r5c4_2     *              0             0             1 
   757 x_r5c4_3     *              0             0             1 
   758 x_r5c4_4     *              0             0             1 
   759 x_r5c4_5     *              0             0             1 
   760 x_r5c4_6     *              0             0             1 
   761 x_r5c4_7     *              0             0             1 
   762 x_r5c4_8     *              0             0             1 
   763 x_r5c4_9     *              1             0             1 
   764 x_r5c5_1     *              0             0             1 
   765 x_r5c5_2     *              1             0             1 
   766 x_r5c5_3     *              0             0             1 
   767 x_r5c5_4     *              0             0             1 
   768 x_r5c5_5     *              0             0             1 
   769 x_r5c5_6     *              0             0             1 
   770 x_r5c5_7     *              0             0             1 
   771 x_r5c5_8     *              0             0             1 
   772 x_r5c5_9     *              0             0             1 
   773 x_r5c6_1     *              0             0             1 
   774 x_r5c6_2     *              0             0             1 
   775 x_r5c6_3     *              1             0             1 
   776 x_r5c6_4     *              0             0             1 
   777 x_r5c6_5     *              0             0             1 
   778 x_r5c6_6     *              0             0             1 
   779 x_r5c6_7     *              0             0             1 
   780 x_r5c6_8     *              0             0             1 
   781 x_r5c6_9     *              0             0             1 
   782 x_r5c7_1     *              0             0             1 
   783 x_r5c7_2     *              0             0             1 
   784 x_r5c7_3     *              0             0             1 
   785 x_r5c7_4     *              0             0             1 
   786 x_r5c7_5     *              0             0             1 
   787 x_r5c7_6     *              1             0             1 
   788 x_r5c7_7     *              0             0             1 
   789 x_r5c7_8     *              0             0             1 
   790 x_r5c7_9     *              0             0             1 
   791 x_r5c8_1     *              0             0             1 
   792 x_r5c8_2     *              0             0             1 
   793 x_r5c8_3     *              0             0             1 
   794 x_r5c8_4     *              0             0             1 
   795 x_r5c8_5     *              0             0             1 
   796 x_r5c8_6     *              0             0             1 
   797 x_r5c8_7     *              1             0             1 
   798 x_r5c8_8     *              0             0             1 
   799 x_r5c8_9     *              0             0             1 
   800 x_r5c9_1     *              1             0             1 
   801 x_r5c9_2     *              0             0             1 
   802 x_r5c9_3     *              0             0             1 
   803 x_r5c9_4     *              0             0             1 
   804 x_r5c9_5     *              0             0             1 
   805 x_r5c9_6     *              0             0             1 
   806 x_r5c9_7     *              0             0             1 
   807 x_r5c9_8     *              0             0             1 
   808 x_r5c9_9     *              0             0             1 
   809 x_r6c1_1     *              0             0             1 
   810 x_r6c1_2     *              0             0             1 
   811 x_r6c1_3     *              0             0             1 
   812 x_r6c1_4     *              0             0             1 
   813 x_r6c1_5     *              0             0             1 
   814 x_r6c1_6     *              0             0             1 
   815 x_r6c1_7     *              1             0             1 
   816 x_r6c1_8     *              0             0             1 
   817 x_r6c1_9     *              0             0             1 
   818 x_r6c2_1     *              0             0             1 
   819 x_r6c2_2     *              1             0             1 
   820 x_r6c2_3     *              0             0             1 
   821 x_r6c2_4     *              0             0             1 
   822 x_r6c2_5     *              0             0             1 
   823 x_r6c2_6     *              0             0             1 
   824 x_r6c2_7     *              0             0             1 
   825 x_r6c2_8     *              0             0             1 
   826 x_r6c2_9     *              0             0             1 
   827 x_r6c3_1     *              1             0             1 
   828 x_r6c3_2     *              0             0             1 
   829 x_r6c3_3     *              0             0             1 
   830 x_r6c3_4     *              0             0             1 
   831 x_r6c3_5     *              0             0             1 
   832 x_r6c3_6     *              0             0             1 
   833 x_r6c3_7     *              0             0             1 
   834 x_r6c3_8     *              0             0             1 
   835 x_r6c3_9     *              0             0             1 
   836 x_r6c4_1     *              0             0             1 
   837 x_r6c4_2     *              0             0             1 
   838 x_r6c4_3     *              0             0             1 
   839 x_r6c4_4     *              0             0             1 
   840 x_r6c4_5     *              0             0             1 
   841 x_r6c4_6     *              0             0             1 
   842 x_r6c4_7     *              0             0             1 
   843 x_r6c4_8     *              1             0             1 
   844 x_r6c4_9     *              0             0             1 
   845 x_r6c5_1     *              0             0             1 
   846 x_r6c5_2     *              0             0             1 
   847 x_r6c5_3     *              0             0             1 
   848 x_r6c5_4     *              1             0             1 
   849 x_r6c5_5     *              0             0             1 
   850 x_r6c5_6     *              0             0             1 
   851 x_r6c5_7     *              0             0             1 
   852 x_r6c5_8     *              0             0             1 
   853 x_r6c5_9     *              0             0             1 
   854 x_r6c6_1     *              0             0             1 
   855 x_r6c6_2     *              0             0             1 
   856 x_r6c6_3     *              0             0             1 
   857 x_r6c6_4     *              0             0             1 
   858 x_r6c6_5     *              0             0             1 
   859 x_r6c6_6     *              1             0             1 
   860 x_r6c6_7     *              0             0             1 
   861 x_r6c6_8     *              0             0             1 
   862 x_r6c6_9     *              0             0             1 
   863 x_r6c7_1     *              0             0             1 
   864 x_r6c7_2     *              0             0             1 
   865 x_r6c7_3     *              0             0             1 
   866 x_r6c7_4     *              0             0             1 
   867 x_r6c7_5     *              0             0             1 
   868 x_r6c7_6     *              0             0             1 
   869 x_r6c7_7     *              0             0             1 
   870 x_r6c7_8     *              0             0             1 
   871 x_r6c7_9     *              1             0             1 
   872 x_r6c8_1     *              0             0             1 
   873 x_r6c8_2     *              0             0             1 
   874 x_r6c8_3     *              1             0             1 
   875 x_r6c8_4     *              0             0             1 
   876 x_r6c8_5     *              0             0             1 
   877 x_r6c8_6     *              0             0             1 
   878 x_r6c8_7     *              0             0             1 
   879 x_r6c8_8     *              0             0             1 
   880 x_r6c8_9     *              0             0             1 
   881 x_r6c9_1     *              0             0             1 
   882 x_r6c9_2     *              0             0             1 
   883 x_r6c9_3     *              0             0             1 
   884 x_r6c9_4     *              0             0             1 
   885 x_r6c9_5     *              1             0             1 
   886 x_r6c9_6     *              0             0             1 
   887 x_r6c9_7     *              0             0             1 
   888 x_r6c9_8     *              0             0             1 
   889 x_r6c9_9     *              0             0             1 
   890 x_r7c1_1     *              0             0             1 
   891 x_r7c1_2     *              0             0             1 
   892 x_r7c1_3     *              0             0             1 
   893 x_r7c1_4     *              0             0             1 
   894 x_r7c1_5     *              0             0             1 
   895 x_r7c1_6     *              0             0             1 
   896 x_r7c1_7     *              0             0             1 
   897 x_r7c1_8     *              0             0             1 
   898 x_r7c1_9     *              1             0             1 
   899 x_r7c2_1     *              0             0             1 
   900 x_r7c2_2     *              0             0             1 
   901 x_r7c2_3     *              0             0             1 
   902 x_r7c2_4     *              0             0             1 
   903 x_r7c2_5     *              1             0             1 
   904 x_r7c2_6     *              0             0             1 
   905 x_r7c2_7     *              0             0             1 
   906 x_r7c2_8     *              0             0             1 
   907 x_r7c2_9     *              0             0             1 
   908 x_r7c3_1     *              0             0             1 
   909 x_r7c3_2     *              1             0             1 
   910 x_r7c3_3     *              0             0             1 
   911 x_r7c3_4     *              0             0             1 
   912 x_r7c3_5     *              0             0             1 
   913 x_r7c3_6     *              0             0             1 
   914 x_r7c3_7     *              0             0             1 
   915 x_r7c3_8     *              0             0             1 
   916 x_r7c3_9     *              0             0             1 
   917 x_r7c4_1     *              0             0             1 
   918 x_r7c4_2     *              0             0             1 
   919 x_r7c4_3     *              0             0             1 
   920 x_r7c4_4     *              1             0             1 
   921 x_r7c4_5     *              0             0             1 
   922 x_r7c4_6     *              0             0             1 
   923 x_r7c4_7     *              0             0             1 
   924 x_r7c4_8     *              0             0             1 
   925 x_r7c4_9     *              0             0             1 
   926 x_r7c5_1     *              0             0             1 
   927 x_r7c5_2     *              0             0             1 
   928 x_r7c5_3     *              0             0             1 
   929 x_r7c5_4     *              0             0             1 
   930 x_r7c5_5     *              0             0             1 
   931 x_r7c5_6     *              0             0             1 
   932 x_r7c5_7     *              1             0             1 
   933 x_r7c5_8     *              0             0             1 
   934 x_r7c5_9     *              0             0             1 
   935 x_r7c6_1     *              0             0             1 
   936 x_r7c6_2     *              0             0             1 
   937 x_r7c6_3     *              0             0             1 
   938 x_r7c6_4     *              0             0             1 
   939 x_r7c6_5     *              0             0             1 
   940 x_r7c6_6     *              0             0             1 
   941 x_r7c6_7     *              0             0             1 
   942 x_r7c6_8     *              1             0             1 
   943 x_r7c6_9     *              0             0             1 
   944 x_r7c7_1     *              0             0             1 
   945 x_r7c7_2     *              0             0             1 
   946 x_r7c7_3     *              1             0             1 
   947 x_r7c7_4     *              0             0             1 
   948 x_r7c7_5     *              0             0             1 
   949 x_r7c7_6     *              0             0             1 
   950 x_r7c7_7     *              0             0             1 
   951 x_r7c7_8     *              0             0             1 
   952 x_r7c7_9     *              0             0             1 
   953 x_r7c8_1     *              1             0             1 
   954 x_r7c8_2     *              0             0             1 
   955 x_r7c8_3     *              0             0             1 
   956 x_r7c8_4     *              0             0             1 
   957 x_r7c8_5     *              0             0             1 
   958 x_r7c8_6     *              0             0             1 
   959 x_r7c8_7     *              0             0             1 
   960 x_r7c8_8     *              0             0             1 
   961 x_r7c8_9     *              0             0             1 
   962 x_r7c9_1     *              0             0             1 
   963 x_r7c9_2     *              0             0             1 
   964 x_r7c9_3     *              0             0             1 
   965 x_r7c9_4     *              0             0             1 
   966 x_r7c9_5     *              0             0             1 
   967 x_r7c9_6     *              1             0             1 
   968 x_r7c9_7     *              0             0             1 
   969 x_r7c9_8     *              0             0             1 
   970 x_r7c9_9     *              0             0             1 
   971 x_r8c1_1     *              0             0             1 
   972 x_r8c1_2     *              0             0             1 
   973 x_r8c1_3     *              0             0             1 
   974 x_r8c1_4     *              0             0             1 
   975 x_r8c1_5     *              0             0             1 
   976 x_r8c1_6     *              1             0             1 
   977 x_r8c1_7     *              0             0             1 
   978 x_r8c1_8     *              0             0             1 
   979 x_r8c1_9     *              0             0             1 
   980 x_r8c2_1     *              0             0             1 
   981 x_r8c2_2     *              0             0             1 
   982 x_r8c2_3     *              0             0             1 
   983 x_r8c2_4     *              0             0             1 
   984 x_r8c2_5     *              0             0             1 
   985 x_r8c2_6     *              0             0             1 
   986 x_r8c2_7     *              1             0             1 
   987 x_r8c2_8     *              0             0             1 
   988 x_r8c2_9     *              0             0             1 
   989 x_r8c3_1     *              0             0             1 
   990 x_r8c3_2     *              0             0             1 
   991 x_r8c3_3     *              1             0             1 
   992 x_r8c3_4     *              0             0             1 
   993 x_r8c3_5     *              0             0             1 
   994 x_r8c3_6     *              0             0             1 
   995 x_r8c3_7     *              0             0             1 
   996 x_r8c3_8     *              0             0             1 
   997 x_r8c3_9     *              0             0             1 
   998 x_r8c4_1     *              0             0             1 
   999 x_r8c4_2     *              1             0             1 
  1000 x_r8c4_3     *              0             0             1 
  1001 x_r8c4_4     *              0             0             1 
  1002 x_r8c4_5     *              0             0             1 
  1003 x_r8c4_6     *              0             0             1 
  1004 x_r8c4_7     *              0             0             1 
  1005 x_r8c4_8     *              0             0             1 
  1006 x_r8c4_9     *              0             0             1 
  1007 x_r8c5_1     *              1             0             1 
  1008 x_r8c5_2     *              0             0             1 
  1009 x_r8c5_3     *              0             0             1 
  1010 x_r8c5_4     *              0             0             1 
  1011 x_r8c5_5     *              0             0             1 
  1012 x_r8c5_6     *              0             0             1 
  1013 x_r8c5_7     *              0             0             1 
  1014 x_r8c5_8     *              0             0             1 
  1015 x_r8c5_9     *              0             0             1 
  1016 x_r8c6_1     *              0             0             1 
  1017 x_r8c6_2     *              0             0             1 
  1018 x_r8c6_3     *              0             0             1 
  1019 x_r8c6_4     *              0             0             1 
  1020 x_r8c6_5     *              0             0             1 
  1021 x_r8c6_6     *              0             0             1 
  1022 x_r8c6_7     *              0             0             1 
  1023 x_r8c6_8     *              0             0             1 
  1024 x_r8c6_9     *              1             0             1 
  1025 x_r8c7_1     *              0             0             1 
  1026 x_r8c7_2     *              0             0             1 
  1027 x_r8c7_3     *              0             0             1 
  1028 x_r8c7_4     *              0             0             1 
  1029 x_r8c7_5     *              1             0             1 
  1030 x_r8c7_6     *              0             0             1 
  1031 x_r8c7_7     *              0             0             1 
  1032 x_r8c7_8     *              0             0             1 
  1033 x_r8c7_9     *              0             0             1 
  1034 x_r8c8_1     *              0             0             1 
  1035 x_r8c8_2     *              0             0             1 
  1036 x_r8c8_3     *              0             0             1 
  1037 x_r8c8_4     *              0             0             1 
  1038 x_r8c8_5     *              0             0             1 
  1039 x_r8c8_6     *              0             0             1 
  1040 x_r8c8_7     *              0             0             1 
  1041 x_r8c8_8     *              1             0             1 
  1042 x_r8c8_9     *              0             0             1 
  1043 x_r8c9_1     *              0             0             1 
  1044 x_r8c9_2     *              0             0             1 
  1045 x_r8c9_3     *              0             0             1 
  1046 x_r8c9_4     *              1             0             1 
  1047 x_r8c9_5     *              0             0             1 
  1048 x_r8c9_6     *              0             0             1 
  1049 x_r8c9_7     *              0             0             1 
  1050 x_r8c9_8     *              0             0             1 
  1051 x_r8c9_9     *              0             0             1 
  1052 x_r9c1_1     *              0             0             1 
  1053 x_r9c1_2     *              0             0             1 
  1054 x_r9c1_3     *              0             0             1 
  1055 x_r9c1_4     *              1             0             1 
  1056 x_r9c1_5     *              0             0             1 
  1057 x_r9c1_6     *              0             0             1 
  1058 x_r9c1_7     *              0             0             1 
  1059 x_r9c1_8     *              0             0             1 
  1060 x_r9c1_9     *              0             0             1 
  1061 x_r9c2_1     *              1             0             1 
  1062 x_r9c2_2     *              0             0             1 
  1063 x_r9c2_3     *              0             0             1 
  1064 x_r9c2_4     *              0             0             1 
  1065 x_r9c2_5     *              0             0             1 
  1066 x_r9c2_6     *              0             0             1 
  1067 x_r9c2_7     *              0             0             1 
  1068 x_r9c2_8     *              0             0             1 
  1069 x_r9c2_9     *              0             0             1 
  1070 x_r9c3_1     *              0             0             1 
  1071 x_r9c3_2     *              0             0             1 
  1072 x_r9c3_3     *              0             0             1 
  1073 x_r9c3_4     *              0             0             1 
  1074 x_r9c3_5     *              0             0             1 
  1075 x_r9c3_6     *              0             0             1 
  1076 x_r9c3_7     *              0             0             1 
  1077 x_r9c3_8     *              1             0             1 
  1078 x_r9c3_9     *              0             0             1 
  1079 x_r9c4_1     *              0             0             1 
  1080 x_r9c4_2     *              0             0             1 
  1081 x_r9c4_3     *              1             0             1 
  1082 x_r9c4_4     *              0             0             1 
  1083 x_r9c4_5     *              0             0             1 
  1084 x_r9c4_6     *              0             0             1 
  1085 x_r9c4_7     *              0             0             1 
  1086 x_r9c4_8     *              0             0             1 
  1087 x_r9c4_9     *              0             0             1 
  1088 x_r9c5_1     *              0             0             1 
  1089 x_r9c5_2     *              0             0             1 
  1090 x_r9c5_3     *              0             0             1 
  1091 x_r9c5_4     *              0             0             1 
  1092 x_r9c5_5     *              0             0             1 
  1093 x_r9c5_6     *              1             0             1 
  1094 x_r9c5_7     *              0             0             1 
  1095 x_r9c5_8     *              0             0             1 
  1096 x_r9c5_9     *              0             0             1 
  1097 x_r9c6_1     *              0             0             1 
  1098 x_r9c6_2     *              0             0             1 
  1099 x_r9c6_3     *              0             0             1 
  1100 x_r9c6_4     *              0             0             1 
  1101 x_r9c6_5     *              1             0             1 
  1102 x_r9c6_6     *              0             0             1 
  1103 x_r9c6_7     *              0             0             1 
  1104 x_r9c6_8     *              0             0             1 
  1105 x_r9c6_9     *              0             0             1 
  1106 x_r9c7_1     *              0             0             1 
  1107 x_r9c7_2     *              0             0             1 
  1108 x_r9c7_3     *              0             0             1 
  1109 x_r9c7_4     *              0             0             1 
  1110 x_r9c7_5     *              0             0             1 
  1111 x_r9c7_6     *              0             0             1 
  1112 x_r9c7_7     *              1             0             1 
  1113 x_r9c7_8     *              0             0             1 
  1114 x_r9c7_9     *              0             0             1 
  1115 x_r9c8_1     *              0             0             1 
  1116 x_r9c8_2     *              0             0             1 
  1117 x_r9c8_3     *              0             0             1 
  1118 x_r9c8_4     *              0             0             1 
  1119 x_r9c8_5     *              0             0             1 
  1120 x_r9c8_6     *              0             0             1 
  1121 x_r9c8_7     *              0             0             1 
  1122 x_r9c8_8     *              0             0             1 
  1123 x_r9c8_9     *              1             0             1 
  1124 x_r9c9_1     *              0             0             1 
  1125 x_r9c9_2     *              1             0             1 
  1126 x_r9c9_3     *              0             0             1 
  1127 x_r9c9_4     *              0             0             1 
  1128 x_r9c9_5     *              0             0             1 
  1129 x_r9c9_6     *              0             0             1 
  1130 x_r9c9_7     *              0             0             1 
  1131 x_r9c9_8     *              0             0             1 
  1132 x_r9c9_9     *              0             0             1 

Integer feasibility conditions:

KKT.PE: max.abs.err = 0.00e+00 on row 0
        max.rel.err = 0.00e+00 on row 0
        High quality

KKT.PB: max.abs.err = 0.00e+00 on row 0
        max.rel.err = 0.00e+00 on row 0
        High quality

End of output
